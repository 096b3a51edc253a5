package dev.tickbench.core.capture;

import com.fasterxml.jackson.databind.JsonNode;

/** A line of a type this reader does not know: kept, so newer probes stay readable. */
public record OtherLine(String type, JsonNode raw) implements StreamLine {}
