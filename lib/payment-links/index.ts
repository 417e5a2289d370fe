export { followOpenLinks } from "./follow";
export { markLinkFromNotification } from "./notification";
