package dev.tickbench.app.control;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The name a recording is offered under: the host it records and when it started, in this machine's
 * zone, so a folder of captures reads like a log ({@code edge-router-3-2025-11-29_200012.ndjson.gz}),
 * not a column of epoch numbers. The host is the session's hello hostname; characters a file name
 * should not hold (path separators, spaces, control characters) become '-'.
 */
public final class RecordingName {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd_HHmmss");
    private static final int MAX_HOST = 64;

    private RecordingName() {}

    /** {@code host-yyyy-MM-dd_HHmmss.ndjson.gz}; "tickbench" for a session that named no host. */
    public static String of(String hostname, Instant at, ZoneId zone) {
        String host = hostname == null
                ? ""
                : hostname.strip().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[.-]+", "");
        if (host.length() > MAX_HOST) {
            host = host.substring(0, MAX_HOST);
        }
        return (host.isEmpty() ? "tickbench" : host) + "-"
                + STAMP.withZone(zone).format(at) + ".ndjson.gz";
    }

    /**
     * The CSV a capture named {@code captureName} is exported to by default: its own name, the capture's
     * extension ({@code .ndjson.gz}, {@code .ndjson}, {@code .jsonl}, {@code .gz}) replaced by {@code .csv}.
     */
    public static String csv(String captureName) {
        String stem = captureName.replaceFirst("(?i)(\\.ndjson\\.gz|\\.jsonl\\.gz|\\.ndjson|\\.jsonl|\\.gz)$", "");
        return (stem.isEmpty() ? "tickbench" : stem) + ".csv";
    }
}
