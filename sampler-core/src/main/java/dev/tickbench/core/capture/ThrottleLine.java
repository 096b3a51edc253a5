package dev.tickbench.core.capture;

import com.fasterxml.jackson.databind.JsonNode;

/** The once-a-second state of the iowait throttle; {@code peaks} is null when the tracker had no data. */
public record ThrottleLine(
        long monoNs,
        long wallNs,
        double iowait,
        double smoothed,
        String zone,
        int effective,
        int ceiling,
        double growSpreadS,
        Long lastThrottleMonoNs,
        JsonNode peaks)
        implements StreamLine {}
