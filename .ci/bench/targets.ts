/** The targets of issue 7 every figure is checked against, and the WordPress home page it compares with. */

export const TARGETS = {
  firstRenderJsGzip: 90_000,
  firstRenderCssGzip: 15_000,
  firstVisitBytes: 400_000,
  repeatVisitBytes: 10_000,
  lighthouseScore: 100,
  lcpMs: 1200,
  fcpMs: 1000,
  cls: 0.01,
  tbtMs: 50,
  throughputRatio: 0.7,
  p99Ms: 20,
  peakRssBytes: 150_000_000,
}
/** The default-theme WordPress home page the issue compares against (Lighthouse 12 mobile, same kind of machine). */
export const WORDPRESS = { performance: 100, seo: 92, lcpMs: 1220, fcpMs: 1040, tbtMs: 10, cls: 0, bytes: 420_000, requests: 19, jsBytes: 9_000 }
