"use client";

import dynamic from "next/dynamic";

// Charts draw in the browser only: the server sends the aggregated numbers, not an SVG it
// would have to lay out without knowing the width (and that costs it tens of ms per page).
function TallPlaceholder() {
  return <div className="h-72 animate-pulse rounded-lg bg-slate-50" aria-hidden aria-busy="true" />;
}
function ShortPlaceholder() {
  return <div className="h-48 animate-pulse rounded-lg bg-slate-50" aria-hidden aria-busy="true" />;
}
export const VolumeChart = dynamic(() => import("./volume-chart").then((m) => m.VolumeChart), {
  ssr: false,
  loading: TallPlaceholder,
});
export const CountChart = dynamic(() => import("./count-chart").then((m) => m.CountChart), {
  ssr: false,
  loading: ShortPlaceholder,
});
