package dev.tickbench.core.floors;

import dev.tickbench.core.catalogue.ReadRule;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.ValueKind;

/**
 * The level sources of docs/cadence.md that have floors, by the read rule their series catalogue entry
 * declares (docs/catalogue.md): levels read every tick and stored every read (meminfo) have none.
 */
public enum LevelKind {
    THERMAL(ReadRule.DECLARED),
    CPUFREQ(ReadRule.CHANGE_OR_POLICY),
    SLABINFO(ReadRule.BUDGET),
    BUDDYINFO(ReadRule.CHANGE_PUBLISHED_AS_RATE),
    MTD(ReadRule.PERIODIC_BUDGET),
    /** A level file set of the catalogue, read every tick and stored on change. */
    CHANGE(ReadRule.CHANGE);

    private final ReadRule rule;

    LevelKind(ReadRule rule) {
        this.rule = rule;
    }

    /** The kind of a stream source name, or null for a source without a floor (counters, meminfo, unknown). */
    public static LevelKind of(String source) {
        return of(source, SeriesCatalogue.standard());
    }

    /** As {@link #of(String)}, by {@code catalogue}'s entries. */
    public static LevelKind of(String source, SeriesCatalogue catalogue) {
        return catalogue
                .source(source)
                .filter(s -> s.kind() == ValueKind.LEVEL)
                .map(s -> byRule(s.rule()))
                .orElse(null);
    }

    private static LevelKind byRule(ReadRule rule) {
        for (LevelKind k : values()) {
            if (k.rule == rule) {
                return k;
            }
        }
        return null;
    }

    /**
     * Whether each member gets its own row: the issue asks for cpufreq per core and each slab cache (and a
     * file set's files are each their own value); buddyinfo orders and MTD fields are only named as the
     * fastest member of their source.
     */
    public boolean membersAreRows() {
        return this == CPUFREQ || this == SLABINFO || this == CHANGE;
    }
}
