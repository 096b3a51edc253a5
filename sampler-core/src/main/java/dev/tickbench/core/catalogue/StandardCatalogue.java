package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.List;

/** What {@link SeriesCatalogue#standard()} holds: every source of FORMAT.md, in the order the sampler lists them. */
final class StandardCatalogue {
    static final SeriesCatalogue INSTANCE = build();

    private StandardCatalogue() {}

    private static SeriesCatalogue build() {
        List<SourceEntry> all = new ArrayList<>();
        all.addAll(ProcSources.all());
        all.addAll(NetSources.all());
        all.addAll(DeviceSources.all());
        all.addAll(FrequencySources.all());
        all.addAll(CoolingPowerSources.all());
        all.addAll(CgroupAndLineSources.all());
        all.addAll(WhoSources.all());
        return SeriesCatalogue.of(all, ChartGroups.all());
    }
}
