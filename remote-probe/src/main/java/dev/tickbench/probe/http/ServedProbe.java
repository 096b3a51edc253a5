package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.metrics.SelfCost;

/** What the HTTP server asks of the running sampler (the serve command adapts the Sampler to it). */
public interface ServedProbe {
    /** The hello line, with its '\n'; every /stream starts with it. */
    byte[] helloLine();

    JsonNode capabilities();

    long lastSeq();

    int rateHz();

    /** The probe's own cost now. */
    SelfCost selfCost();
}
