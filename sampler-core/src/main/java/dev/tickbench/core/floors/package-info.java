/**
 * Floors measured from captures and compared across boards (see docs/cadence.md).
 *
 * <p>For a GUI Compare view:
 * <pre>{@code
 * FloorComparison c = FloorComparison.analyze(List.of(a, b, d));   // throws FloorAnalysisException (message names the file)
 * c.captures().get(i).board()          // column header: hostname, board (null = not reported), kernel, rate, duration
 * c.changingRows() or c.rows()         // row keys: thermal_zone0, cpufreq, cpufreq.cpu0, slabinfo, slabinfo.nf_conntrack, buddyinfo, mtd
 * c.cell(row, i)                       // FloorRow or null (that board has no such source): hz, needHz, shippedHz, verdict, fastest, jitter
 * c.captures().get(i).warnings()       // show them: truncated file, gaps, duplicate names
 * CaptureSeries.read(file, "slabinfo.nf_conntrack")  // one series on a relative time axis, for the overlay
 * }</pre>
 * The rules (need rounding, tolerances, shipped cadence) are in {@link dev.tickbench.core.floors.FloorRules};
 * {@link dev.tickbench.core.floors.FloorJson} and {@link dev.tickbench.core.floors.FloorCsv} render a comparison
 * for tools, as {@code tickbench-probe floors --json/--csv} does.
 */
package dev.tickbench.core.floors;
