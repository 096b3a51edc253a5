package dev.tickbench.probe.http;

import dev.tickbench.core.metrics.Exposition;

/**
 * An endpoint a feature adds to the HTTP server beside the built-in ones ({@code /triggers}): a GET
 * answered with a body, behind the same token, connection limits and busy slots, and the families it
 * adds to {@code /metrics}.
 */
public interface ProbeEndpoint {
    /** The path it answers, e.g. {@code /triggers}. */
    String path();

    String contentType();

    /** The body of a GET now. */
    byte[] body();

    /** Adds its families to a {@code /metrics} scrape. */
    void metrics(Exposition e);
}
