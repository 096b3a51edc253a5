package dev.tickbench.core.capture;

import com.fasterxml.jackson.databind.JsonNode;

/** The limits of a cgroup target's levels, at start and when they change. */
public record CgroupLimitsLine(long monoNs, JsonNode raw) implements StreamLine {}
