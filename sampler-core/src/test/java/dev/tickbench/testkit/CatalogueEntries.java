package dev.tickbench.testkit;

import dev.tickbench.core.catalogue.FileSet;
import dev.tickbench.core.catalogue.Metric;
import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import dev.tickbench.core.catalogue.ValueKind;

/**
 * Sources a test adds to a fixture board with one catalogue entry each, and nothing else
 * (docs/catalogue.md, "Adding a source"): the core's test finds them in the stream, the CSV and
 * {@code /metrics}, the workbench's in its charts and its crosshair.
 */
public final class CatalogueEntries {
    private CatalogueEntries() {}

    /** hwmon temperatures, m°C in sysfs, shown in °C on the thermal track. */
    public static final SourceEntry HWMON = SourceEntry.fileSet(
                    "hwmon",
                    ValueKind.LEVEL,
                    FileSet.sys("class/hwmon/hwmon{chip:\\d+}/temp{sensor:\\d+}_input", "hwmon{chip}.temp{sensor}"),
                    "hwmon temperature sensors (coretemp: one per core)")
            .series(SeriesEntry.level(
                            "hwmon.hwmon{chip:\\d+}.temp{sensor:\\d+}", Unit.MILLICELSIUS, "a hwmon temperature sensor")
                    .shown("{key}", "°C", Scale.per(1000))
                    .csv("{source}.{key}_c")
                    .group("thermal")
                    .metric(Metric.gauge(
                            "tickbench_hwmon_celsius",
                            "hwmon temperature, held between emissions.",
                            "chip",
                            "{chip}",
                            "sensor",
                            "{sensor}")));
}
