package dev.tickbench.core.clock;

import java.util.List;
import java.util.Locale;

/**
 * One fact behind a verdict, as read from the stream over the window (docs/clock.md, "Evidence"). Each
 * kind is a record with its numbers in the stream's units and a sentence that says it in plain words.
 */
public sealed interface Evidence {
    /** The kind's name in JSON: {@code cooling}, {@code power}, {@code throttle}, {@code limit}, {@code governor}, {@code idle}, {@code clock}. */
    String kind();

    /** The fact in a sentence. */
    String text();

    /**
     * A cooling device above state 0 during the window, bound to the policy; the zone it is bound to and
     * that binding's trip when the capabilities name them (null otherwise).
     *
     * @param state the highest state it held in the window
     * @param zoneTempMc the zone's highest temperature in the window
     */
    record Cooling(
            String device,
            String type,
            long state,
            Long maxState,
            String zone,
            String zoneType,
            Long zoneTempMc,
            Integer trip,
            String tripType,
            Long tripTempMc)
            implements Evidence {
        /** The zone reached the trip this device is bound to (the kernel acts at {@code temp >= trip}). */
        public boolean aboveTrip() {
            return zoneTempMc != null && tripTempMc != null && zoneTempMc >= tripTempMc;
        }

        @Override
        public String kind() {
            return "cooling";
        }

        @Override
        public String text() {
            StringBuilder b = new StringBuilder(device + (type == null ? "" : " (" + type + ")") + " at state " + state
                    + (maxState == null ? "" : " of " + maxState));
            if (zone == null) {
                return b.append(", bound to no thermal zone the stream names").toString();
            }
            b.append(", bound to ").append(zone).append(zoneType == null ? "" : " (" + zoneType + ")");
            if (zoneTempMc != null) {
                b.append(" at ").append(celsius(zoneTempMc));
            }
            if (trip != null && tripTempMc != null) {
                b.append(aboveTrip() ? ", above" : ", below")
                        .append(" trip ")
                        .append(trip)
                        .append(" (")
                        .append(tripType == null ? "" : tripType + ", ")
                        .append(celsius(tripTempMc))
                        .append(')');
                if (!aboveTrip()) {
                    b.append(": the cooling lets go a step at a time as the zone cools");
                }
            }
            return b.toString();
        }
    }

    /** A RAPL zone's mean power over the window against one of its constraints' limits. */
    record Power(String zone, String name, double watts, String constraint, double limitWatts) implements Evidence {
        @Override
        public String kind() {
            return "power";
        }

        @Override
        public String text() {
            return String.format(
                    Locale.ROOT,
                    "%s (%s) drew %.1f W, %.0f %% of its %s limit of %.1f W",
                    zone,
                    name == null ? "?" : name,
                    watts,
                    100 * watts / limitWatts,
                    constraint,
                    limitWatts);
        }
    }

    /** x86 thermal_throttle counters of the policy's CPUs that rose in the window. */
    record Throttle(List<Integer> cpus, long events, long milliseconds) implements Evidence {
        @Override
        public String kind() {
            return "throttle";
        }

        @Override
        public String text() {
            return "the processor throttled itself " + events + " times for " + milliseconds
                    + " ms (thermal_throttle of CPU " + ClockText.cpus(cpus)
                    + "): its own control holds power and temperature under its limits";
        }
    }

    /**
     * A limit below the hardware's: {@code setting} is {@code scaling_max_freq} (with {@code khz} its
     * lowest value in the window), {@code no_turbo}, {@code boost} or {@code max_perf_pct}.
     *
     * @param cause who set it: {@code cooling_deviceN (type)}, or null for a write by hand (or a tool)
     */
    record Limit(String setting, long value, Long cpuinfoMaxKhz, String cause) implements Evidence {
        @Override
        public String kind() {
            return "limit";
        }

        @Override
        public String text() {
            String who = cause == null
                    ? "set by hand or by a tool (no cooling device is above state 0)"
                    : "lowered by " + cause;
            return switch (setting) {
                case "scaling_max_freq" ->
                    "scaling_max_freq is " + ClockText.mhz(value)
                            + (cpuinfoMaxKhz == null ? "" : " of " + ClockText.mhz(cpuinfoMaxKhz)) + ", " + who;
                case "no_turbo" -> "turbo is switched off (intel_pstate/no_turbo = 1)";
                case "boost" -> "boost frequencies are switched off (cpufreq/boost = 0)";
                default -> setting + " is " + value + " (intel_pstate)";
            };
        }
    }

    /** The governor's own choice: powersave's floor, or userspace's setpoint. */
    record Governor(String governor, Long setpointKhz) implements Evidence {
        @Override
        public String kind() {
            return "governor";
        }

        @Override
        public String text() {
            return governor.equals("userspace")
                    ? "the userspace governor holds the clock at its setpoint"
                            + (setpointKhz == null ? "" : " of " + ClockText.mhz(setpointKhz))
                    : "the powersave governor holds the clock at scaling_min_freq";
        }
    }

    /** How much of the window the policy's CPUs were idle, and what says so ({@code /proc/stat} or {@code cpuidle}). */
    record Idle(double idlePct, String from) implements Evidence {
        @Override
        public String kind() {
            return "idle";
        }

        @Override
        public String text() {
            return String.format(Locale.ROOT, "the CPUs were idle %.0f %% of the window (%s)", idlePct, from);
        }
    }

    /** The clock itself: where it ran against the hardware's maximum ({@code maxKhz} null: the stream has none). */
    record Clock(long achievedKhz, Long maxKhz, String note) implements Evidence {
        @Override
        public String kind() {
            return "clock";
        }

        @Override
        public String text() {
            return "the clock ran at " + ClockText.mhz(achievedKhz)
                    + (maxKhz == null
                            ? ", its maximum unknown (no cpuinfo_max_freq in the stream)"
                            : " of " + ClockText.mhz(maxKhz))
                    + (note == null ? "" : ": " + note);
        }
    }

    private static String celsius(long mc) {
        return ClockText.celsius(mc);
    }
}
