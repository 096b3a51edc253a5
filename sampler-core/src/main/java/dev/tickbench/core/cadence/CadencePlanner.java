package dev.tickbench.core.cadence;

/**
 * Every rule of docs/cadence.md: a slower cadence is a whole number of ticks, rate ÷ floor rounded
 * to nearest (a half rounds up), never below 1; the published cadence is rate ÷ ticks.
 */
public final class CadencePlanner {
    private final int rateHz;
    private final int floorHz;

    public CadencePlanner(int rateHz, int floorHz) {
        if (rateHz < Floors.MIN_RATE_HZ || rateHz > Floors.MAX_RATE_HZ) {
            throw new IllegalArgumentException("rate must be 1-1000 Hz: " + rateHz);
        }
        if (floorHz < Floors.MIN_FLOOR_HZ || floorHz > Floors.MAX_FLOOR_HZ) {
            throw new IllegalArgumentException("FLOOR_HZ must be 0-1000: " + floorHz);
        }
        this.rateHz = rateHz;
        this.floorHz = floorHz;
    }

    public int rateHz() {
        return rateHz;
    }

    public int floorHz() {
        return floorHz;
    }

    public boolean overridden() {
        return floorHz > 0;
    }

    /** max(1, round(rate / floorHz)), a half rounding up. */
    public static int everyTicks(double rateHz, double floorHz) {
        long n = (long) Math.floor(rateHz / floorHz + 0.5);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, n));
    }

    /**
     * True when the sampler's period is shorter than the zone's declared polling delay
     * ({@code 1000 / rate < delay}, in whole numbers: {@code rate × delay > 1000}): the declaration is
     * then why the zone publishes its cadence, even when {@code every_ticks} rounds to 1 (10 Hz with a
     * 110 ms zone), docs/cadence.md.
     */
    static boolean fasterThanDeclared(int rateHz, int pollingDelayMs) {
        return (long) rateHz * pollingDelayMs > 1000;
    }

    public Plan plan(CadenceRule rule) {
        if (rule instanceof CadenceRule.EveryTick) {
            return new Plan(Cadence.of(rateHz, 1, Reason.RATE), 1, false);
        }
        if (overridden()) {
            return override(rule);
        }
        if (rule instanceof CadenceRule.Thermal t) {
            if (t.pollingDelayMs() <= 0) {
                return new Plan(Cadence.of(rateHz, 1, Reason.RATE), 1, false);
            }
            int every = everyTicks(rateHz, 1000.0 / t.pollingDelayMs());
            Reason reason = fasterThanDeclared(rateHz, t.pollingDelayMs()) ? Reason.DECLARED : Reason.RATE;
            return new Plan(Cadence.of(rateHz, every, reason), every, false);
        }
        if (rule instanceof CadenceRule.CpuFreq c) {
            return new Plan(Cadence.of(rateHz, 1, c.userspaceGovernor() ? Reason.POLICY : Reason.CHANGE), 1, true);
        }
        if (rule instanceof CadenceRule.SlabInfo) {
            int every = everyTicks(rateHz, Floors.SLABINFO_HZ);
            return new Plan(Cadence.of(rateHz, every, Reason.BUDGET), every, true);
        }
        if (rule instanceof CadenceRule.BuddyInfo) {
            return new Plan(Cadence.of(rateHz, 1, Reason.RATE), 1, true);
        }
        if (rule instanceof CadenceRule.OnChange) {
            return new Plan(Cadence.of(rateHz, 1, Reason.CHANGE), 1, true);
        }
        if (rule instanceof CadenceRule.Chosen c) {
            int every = everyTicks(rateHz, c.hz());
            return new Plan(Cadence.of(rateHz, every, Reason.POLICY), every, false);
        }
        if (rule instanceof CadenceRule.Mtd) {
            int every = everyTicks(rateHz, 1.0 / Floors.MTD_PERIOD_S);
            return new Plan(Cadence.of(rateHz, every, Reason.BUDGET), every, true);
        }
        throw new IllegalArgumentException("unknown rule " + rule);
    }

    /**
     * FLOOR_HZ = N > 0: thermal, slabinfo and MTD on one cadence of N Hz, the change filter off for
     * every level source, reason override. cpufreq, buddyinfo and level file sets are still read and emitted every tick
     * but publish the override cadence (docs/cadence.md, "FLOOR_HZ").
     */
    private Plan override(CadenceRule rule) {
        int every = everyTicks(rateHz, floorHz);
        Cadence published = Cadence.of(rateHz, every, Reason.OVERRIDE);
        boolean readEveryTick = rule instanceof CadenceRule.CpuFreq
                || rule instanceof CadenceRule.BuddyInfo
                || rule instanceof CadenceRule.OnChange;
        return new Plan(published, readEveryTick ? 1 : every, false);
    }
}
