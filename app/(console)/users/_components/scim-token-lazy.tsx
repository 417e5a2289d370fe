"use client";

import dynamic from "next/dynamic";

// Client-only: it names the console's own address, which the browser knows.
export const ScimToken = dynamic(() => import("./scim-token").then((m) => m.ScimToken), { ssr: false });
