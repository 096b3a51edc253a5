package dev.tickbench.core.capture;

import com.fasterxml.jackson.databind.JsonNode;

/** Line 1 of a stream: who sampled, at what rate and FLOOR_HZ, with the capabilities. */
public record Hello(
        int format,
        String probeVersion,
        String hostname,
        String board,
        String kernel,
        int cores,
        int userHz,
        int rateHz,
        int floorHz,
        long startedWallNs,
        long startedMonoNs,
        JsonNode capabilities)
        implements StreamLine {}
