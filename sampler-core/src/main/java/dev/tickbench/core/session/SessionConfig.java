package dev.tickbench.core.session;

import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.pmu.PmuSource;
import dev.tickbench.core.who.WhoConfig;
import java.util.Map;
import java.util.OptionalInt;

/**
 * What one sampling session is made of, the same for the probe ({@code stream}, {@code record},
 * {@code serve}) and the workbench's own "this machine".
 *
 * @param floorHz the FLOOR_HZ override; empty = take {@code FLOOR_HZ} from the target's environment
 *     (0 when it is not set), so a value set there is not overridden by a default
 * @param cgroup the cgroup target, or null for none
 * @param ceiling the iowait throttle's ceiling (most tasks at once), at least 1
 * @param who the process and cgroup tables (docs/who.md): how many of each list they name, how often
 * @param pmuHz how often the perf event groups are read (docs/pmu.md), at most the sampler's rate in effect
 */
public record SessionConfig(
        SystemRoots roots,
        int rateHz,
        OptionalInt floorHz,
        CgroupChoice cgroup,
        int ceiling,
        WhoConfig who,
        double pmuHz) {
    public static final String FLOOR_HZ_VARIABLE = "FLOOR_HZ";

    public SessionConfig {
        if (rateHz < Floors.MIN_RATE_HZ || rateHz > Floors.MAX_RATE_HZ) {
            throw new IllegalArgumentException(
                    "rate must be from " + Floors.MIN_RATE_HZ + " to " + Floors.MAX_RATE_HZ + " Hz, got " + rateHz);
        }
        if (floorHz.isPresent()
                && (floorHz.getAsInt() < Floors.MIN_FLOOR_HZ || floorHz.getAsInt() > Floors.MAX_FLOOR_HZ)) {
            throw new IllegalArgumentException("FLOOR_HZ must be from " + Floors.MIN_FLOOR_HZ + " to "
                    + Floors.MAX_FLOOR_HZ + " Hz, got " + floorHz.getAsInt());
        }
        if (ceiling < 1) {
            throw new IllegalArgumentException("throttle ceiling must be at least 1, got " + ceiling);
        }
        java.util.Objects.requireNonNull(who, "who");
        PmuSource.checkedHz(pmuHz);
    }

    /**
     * A session with the process and cgroup tables at their defaults (the top 20, 1 Hz) and the perf event
     * groups at theirs ({@link PmuSource#DEFAULT_HZ}).
     */
    public SessionConfig(SystemRoots roots, int rateHz, OptionalInt floorHz, CgroupChoice cgroup, int ceiling) {
        this(roots, rateHz, floorHz, cgroup, ceiling, WhoConfig.DEFAULT, PmuSource.DEFAULT_HZ);
    }

    /** The default throttle ceiling: the number of CPUs this JVM sees. */
    public static int defaultCeiling() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * The FLOOR_HZ this session runs at: the explicit value, else {@code FLOOR_HZ} from
     * {@code environment}, else 0.
     *
     * @throws IllegalArgumentException naming the variable when its value is not 0–1000
     */
    public int resolveFloorHz(Map<String, String> environment) {
        if (floorHz.isPresent()) {
            return floorHz.getAsInt();
        }
        return floorHzFromEnvironment(environment);
    }

    /** {@code FLOOR_HZ} of an environment: 0 when unset or blank; a bad value is a one-line error. */
    public static int floorHzFromEnvironment(Map<String, String> environment) {
        String v = environment.get(FLOOR_HZ_VARIABLE);
        if (v == null || v.isBlank()) {
            return 0;
        }
        int hz;
        try {
            hz = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(FLOOR_HZ_VARIABLE + " (environment) must be a whole number from "
                    + Floors.MIN_FLOOR_HZ + " to " + Floors.MAX_FLOOR_HZ + " Hz, got '" + v + "'");
        }
        if (hz < Floors.MIN_FLOOR_HZ || hz > Floors.MAX_FLOOR_HZ) {
            throw new IllegalArgumentException(FLOOR_HZ_VARIABLE + " (environment) must be from " + Floors.MIN_FLOOR_HZ
                    + " to " + Floors.MAX_FLOOR_HZ + " Hz, got " + hz);
        }
        return hz;
    }

    /** A cgroup target: a process's cgroup or a path relative to the cpu hierarchy's mount. */
    public sealed interface CgroupChoice {
        record Pid(long pid) implements CgroupChoice {}

        record Path(String path) implements CgroupChoice {}
    }
}
