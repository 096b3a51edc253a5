package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decodes one NDJSON line into a {@link StreamLine}. Sample lines (the bulk of a capture) go through
 * the streaming parser; the rare types through a tree. Unknown types and fields are kept or ignored,
 * never an error. Not thread-safe (it interns keys).
 */
public final class LineDecoder {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private final Map<String, String> interned = new HashMap<>();

    public StreamLine decode(String line) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return decode(b, 0, b.length);
    }

    public StreamLine decode(byte[] b, int off, int len) throws IOException {
        if (startsWithSampleType(b, off, len)) {
            return decodeSample(b, off, len);
        }
        JsonNode n = MAPPER.readTree(b, off, len);
        if (n == null || !n.isObject()) {
            throw new IOException("not a JSON object");
        }
        String type = n.path("type").asText("");
        return switch (type) {
            case "hello" -> hello(n);
            case "sample" -> decodeSample(b, off, len);
            case "kmsg" -> new KmsgLine(n.path("mono_ns").asLong(), n.path("prio").asInt(), n.path("facility").asInt(),
                    n.path("seq").asLong(), n.path("us").asLong(), n.path("msg").asText(""));
            case "kmsg_gap" -> new KmsgGapLine(n.path("mono_ns").asLong(), n.path("dropped").asLong(),
                    n.path("from_us").asLong(), n.path("to_us").asLong(), n.path("reason").asText(""));
            case "throttle" -> new ThrottleLine(n.path("mono_ns").asLong(), n.path("wall_ns").asLong(),
                    n.path("iowait").asDouble(Double.NaN), n.path("smoothed").asDouble(Double.NaN),
                    n.path("zone").asText(null), n.path("effective").asInt(), n.path("ceiling").asInt(),
                    n.path("grow_spread_s").asDouble(Double.NaN), nullableLong(n.get("last_throttle_mono_ns")),
                    n.hasNonNull("peaks") ? n.get("peaks") : null);
            case "gap" -> new GapLine(n.path("from_seq").asLong(), n.path("to_seq").asLong(), n.path("reason").asText(""));
            case "cgroup_limits" -> new CgroupLimitsLine(n.path("mono_ns").asLong(), n);
            default -> new OtherLine(type, n);
        };
    }

    private static Long nullableLong(JsonNode n) {
        return n == null || n.isNull() ? null : n.asLong();
    }

    private static Hello hello(JsonNode n) {
        JsonNode host = n.path("host");
        return new Hello(n.path("format").asInt(1), n.path("probe").path("version").asText(null),
                host.path("hostname").asText(null), host.hasNonNull("board") ? host.get("board").asText() : null,
                host.path("kernel").asText(null), host.path("cores").asInt(0), host.path("user_hz").asInt(100),
                n.path("rate_hz").asInt(), n.path("floor_hz").asInt(), n.path("started_wall_ns").asLong(),
                n.path("started_mono_ns").asLong(), n.path("capabilities"));
    }

    /** The writer always puts "type" first; the streaming path is taken only when it says "sample". */
    private static boolean startsWithSampleType(byte[] b, int off, int len) {
        byte[] prefix = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);
        if (len < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[off + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private SampleLine decodeSample(byte[] b, int off, int len) throws IOException {
        long seq = 0, mono = 0, wall = 0, dt = 0, dropped = 0;
        Map<String, SourceValues> sources = new LinkedHashMap<>();
        Set<String> hb = Set.of();
        List<String> resets = List.of();
        Map<String, Long> limits = Map.of();
        try (JsonParser p = FACTORY.createParser(b, off, len)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "seq" -> seq = p.getLongValue();
                    case "mono_ns" -> mono = p.getLongValue();
                    case "wall_ns" -> wall = p.getLongValue();
                    case "dt_ns" -> dt = p.getLongValue();
                    case "kmsg_dropped" -> dropped = p.getLongValue();
                    case "hb" -> hb = Set.copyOf(strings(p));
                    case "resets" -> resets = strings(p);
                    case "limits" -> limits = limits(p);
                    case "type" -> { }
                    default -> {
                        if (t == JsonToken.START_OBJECT) {
                            sources.put(intern(field), values(p));
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new IOException("truncated sample line");
            }
        }
        return new SampleLine(seq, mono, wall, dt, sources, hb, resets, limits, dropped);
    }

    private SourceValues values(JsonParser p) throws IOException {
        List<String> keys = new ArrayList<>();
        long[] values = new long[16];
        int n = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = intern(p.currentName());
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NUMBER_INT) {
                if (n == values.length) {
                    values = java.util.Arrays.copyOf(values, n * 2);
                }
                keys.add(key);
                values[n++] = p.getLongValue();
            } else {
                p.skipChildren(); // null or a future non-integer value: not a reading, so not kept
            }
        }
        return new SourceValues(keys.toArray(new String[0]), java.util.Arrays.copyOf(values, n));
    }

    private static List<String> strings(JsonParser p) throws IOException {
        List<String> out = new ArrayList<>();
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return out;
        }
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(p.getValueAsString());
        }
        return out;
    }

    private static Map<String, Long> limits(JsonParser p) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return out;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken t = p.nextToken();
            out.put(k, t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null);
            p.skipChildren();
        }
        return out;
    }

    private String intern(String s) {
        String prev = interned.putIfAbsent(s, s);
        return prev == null ? s : prev;
    }

    private static void expect(JsonToken got, JsonToken want) throws IOException {
        if (got != want) {
            throw new IOException("expected " + want + " but found " + got);
        }
    }
}
