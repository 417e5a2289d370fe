"use client";

import dynamic from "next/dynamic";

// Charts draw in the browser only: the server sends the aggregated numbers, not an SVG it
// would have to lay out without knowing the width (and that costs it tens of ms per page).
const placeholder = (height: string) => function Loading() {
  return <div className={`${height} animate-pulse rounded-lg bg-slate-50`} aria-hidden />;
};
export const VolumeChart = dynamic(() => import("./volume-chart").then((m) => m.VolumeChart), { ssr: false, loading: placeholder("h-72") });
export const CountChart = dynamic(() => import("./count-chart").then((m) => m.CountChart), { ssr: false, loading: placeholder("h-48") });
