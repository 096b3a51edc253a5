package dev.tickbench.core.throttle;

import java.util.OptionalDouble;

/**
 * Maxima since the last drain, in percent. A dimension that no sample carried is empty, never 0
 * (on a fixture root there may be no disk at all).
 */
public record Peaks(OptionalDouble cpu, OptionalDouble mem, OptionalDouble iowait, OptionalDouble disk) {}
