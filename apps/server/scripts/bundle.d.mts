/** Bundles `entry` to `outfile` (one ES module) and copies the migrations beside it (decision 029). */
export function bundleServer(options: { entry: string; outfile: string }): Promise<string>;
