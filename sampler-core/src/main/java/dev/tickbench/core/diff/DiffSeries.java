package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.ValueKind;

/**
 * Which series a row is, as the catalogue names it (docs/catalogue.md).
 *
 * @param name the series name ({@code slabinfo.dentry}, {@code psi.io.some_pct}, {@code cgroup./a.usage_cpus})
 * @param displayName its short name on a badge or legend
 * @param source the stream source it is read from, or for a derived series the one its cadence comes from
 * @param kind {@code COUNTER} (compared as a rate per second), {@code LEVEL} (time-weighted) or {@code DERIVED}
 * @param unit the unit its numbers are in: the catalogue's shown unit, per second for a counter
 *     ({@code objects}, {@code °C}, {@code %}, {@code µs/s}, {@code /s} for a plain count)
 */
public record DiffSeries(String name, String displayName, String source, ValueKind kind, String unit) {}
