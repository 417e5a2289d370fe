export { default } from "../(list)/loading";
