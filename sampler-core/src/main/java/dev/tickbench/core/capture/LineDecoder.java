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
 * Decodes one NDJSON line into a {@link StreamLine}, format v1 or v2 (FORMAT.md): both decode to the
 * same {@link SampleLine}. Sample lines (the bulk of a capture) go through the streaming parser; the
 * rare types through a tree. Unknown types and fields are kept or ignored, never an error.
 *
 * <p>v2 carries a source's values by position in the key list the hello and the {@code schema} lines
 * announce, so the decoder remembers the current lists: feed it a stream's lines in order, from its
 * hello. A {@code schema} line decodes to an {@link OtherLine} of type {@code schema} (consumers that
 * ignore unknown types keep working). Not thread-safe (it interns keys and holds the schema).
 */
public final class LineDecoder {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();
    /** The line type that announces changed key lists (v2). */
    public static final String SCHEMA_TYPE = "schema";

    private final Map<String, String> interned = new HashMap<>();
    /** v2: each source's key list, by position; empty in a v1 stream. */
    private final Map<String, String[]> schema = new HashMap<>();
    /** The last hello, as received (with its '\n') and as a tree; null before one. */
    private byte[] helloBytes;
    private com.fasterxml.jackson.databind.node.ObjectNode helloTree;
    /** Whether a schema line changed a key list since the hello, and the hello re-encoded with it. */
    private boolean schemaMoved;
    private byte[] joinHello;

    /** The sources a sample line decodes, or null for all (the default). */
    private java.util.function.Predicate<String> only;

    /**
     * Decodes only the sources {@code sources} accepts from sample lines (null: all), for a reader that
     * needs a few of them on every tick (the triggers); the others are skipped unparsed. The key lists
     * of every source are kept as ever.
     */
    public void decodeOnly(java.util.function.Predicate<String> sources) {
        this.only = sources;
    }

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
            case "hello" -> hello(n, b, off, len);
            case SCHEMA_TYPE -> schemaLine(n);
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

    private Hello hello(JsonNode n, byte[] b, int off, int len) throws IOException {
        schema.clear(); // a hello starts a stream: only its own key lists hold from here
        if (n.has("schema")) {
            putSchema(n.get("schema"));
        }
        int end = off + len;
        while (end > off && (b[end - 1] == '\n' || b[end - 1] == '\r')) {
            end--;
        }
        helloBytes = java.util.Arrays.copyOfRange(b, off, end + 1);
        helloBytes[helloBytes.length - 1] = '\n';
        helloTree = (com.fasterxml.jackson.databind.node.ObjectNode) n;
        schemaMoved = false;
        joinHello = null;
        return helloRecord(n);
    }

    private OtherLine schemaLine(JsonNode n) throws IOException {
        putSchema(n.get("schema"));
        schemaMoved = true;
        joinHello = null;
        return new OtherLine(SCHEMA_TYPE, n);
    }

    /** {@code {"source":["key",…],…}}: replaces each named source's key list. */
    private void putSchema(JsonNode sources) throws IOException {
        if (sources == null || !sources.isObject()) {
            throw new IOException("\"schema\" is not an object of key lists");
        }
        for (var it = sources.fields(); it.hasNext(); ) {
            var e = it.next();
            JsonNode list = e.getValue();
            if (!list.isArray()) {
                throw new IOException("the schema of " + e.getKey() + " is not a list of keys");
            }
            String[] keys = new String[list.size()];
            for (int i = 0; i < keys.length; i++) {
                if (!list.get(i).isTextual()) {
                    throw new IOException("the schema of " + e.getKey() + " has a key that is not a string at position " + i);
                }
                keys[i] = intern(list.get(i).asText());
            }
            schema.put(intern(e.getKey()), keys);
        }
    }

    /**
     * The hello a consumer must start with to read the lines after the last one decoded: the stream's
     * hello, with its {@code schema} brought up to date by the schema lines since (v2). For a relay or
     * a recorder that starts mid-stream. The same array until the schema or the hello changes; do not
     * modify it. Null before a hello.
     */
    public byte[] joinHello() {
        if (helloBytes == null) {
            return null;
        }
        if (!schemaMoved) {
            return helloBytes;
        }
        if (joinHello == null) {
            com.fasterxml.jackson.databind.node.ObjectNode h = helloTree.deepCopy();
            com.fasterxml.jackson.databind.node.ObjectNode keys = h.putObject("schema");
            // the hello's own order first, then sources announced later
            java.util.LinkedHashSet<String> order = new java.util.LinkedHashSet<>();
            helloTree.path("schema").fieldNames().forEachRemaining(order::add);
            order.addAll(new java.util.TreeSet<>(schema.keySet()));
            for (String source : order) {
                String[] list = schema.get(source);
                if (list != null) {
                    var a = keys.putArray(source);
                    for (String k : list) {
                        a.add(k);
                    }
                }
            }
            try {
                byte[] json = MAPPER.writeValueAsBytes(h);
                joinHello = java.util.Arrays.copyOf(json, json.length + 1);
                joinHello[json.length] = '\n';
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return joinHello;
    }

    private static final byte[] HELLO_PREFIX = "{\"type\":\"hello\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SCHEMA_PREFIX = "{\"type\":\"schema\"".getBytes(StandardCharsets.US_ASCII);

    /**
     * True for a line that sets key lists (a hello or a schema line, as writers write them, type first):
     * what a reader that decodes parts of a capture in parallel must decode in order, to prime each
     * part's decoder with {@link #joinHello()} as it stands where the part begins.
     */
    public static boolean setsKeys(byte[] b, int off, int len) {
        return startsWith(b, off, len, HELLO_PREFIX) || startsWith(b, off, len, SCHEMA_PREFIX);
    }

    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        return len >= prefix.length && java.util.Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }

    private static Hello helloRecord(JsonNode n) {
        JsonNode host = n.path("host");
        return new Hello(n.path("format").asInt(1), n.path("probe").path("version").asText(null),
                host.path("hostname").asText(null), host.hasNonNull("board") ? host.get("board").asText() : null,
                host.path("kernel").asText(null), host.path("cores").asInt(0), host.path("user_hz").asInt(100),
                n.path("rate_hz").asInt(), n.path("floor_hz").asInt(), n.path("started_wall_ns").asLong(),
                n.path("started_mono_ns").asLong(), n.path("capabilities"));
    }

    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);

    /** The writer always puts "type" first; the streaming path is taken only when it says "sample". */
    private static boolean startsWithSampleType(byte[] b, int off, int len) {
        return startsWith(b, off, len, SAMPLE_PREFIX);
    }

    private SampleLine decodeSample(byte[] b, int off, int len) throws IOException {
        long seq = 0, mono = 0, wall = 0, dt = 0, dropped = 0, skipped = 0;
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
                    case "skipped" -> skipped = p.getLongValue();
                    case "hb" -> hb = Set.copyOf(strings(p));
                    case "resets" -> resets = strings(p);
                    case "limits" -> limits = limits(p);
                    case "type" -> { }
                    default -> {
                        if (only != null && !only.test(field)) {
                            p.skipChildren(); // a source this reader does not read
                        } else if (t == JsonToken.START_OBJECT) {
                            sources.put(intern(field), values(p));
                        } else if (t == JsonToken.START_ARRAY) {
                            String source = intern(field);
                            sources.put(source, positional(source, p));
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
        return new SampleLine(seq, mono, wall, dt, sources, hb, resets, limits, dropped, skipped);
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

    /**
     * v2: the values of {@code source} by position in its announced key list; {@code null} (and any
     * position past the array's end) is a key without a value on this tick.
     */
    private SourceValues positional(String source, JsonParser p) throws IOException {
        String[] names = schema.get(source);
        if (names == null) {
            throw new IOException(source + " carries values by position but no hello or schema line named its keys"
                    + " (a v2 stream is read from its hello)");
        }
        String[] keys = new String[names.length];
        long[] values = new long[names.length];
        int n = 0;
        int i = 0;
        for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; i++) {
            if (t == null) {
                throw new IOException("truncated sample line");
            }
            if (i >= names.length) {
                throw new IOException(source + " carries more values than the " + names.length + " keys of its schema");
            }
            if (t == JsonToken.VALUE_NUMBER_INT) {
                keys[n] = names[i];
                values[n++] = p.getLongValue();
            } else {
                p.skipChildren(); // null, or a future non-integer value: not a reading, so not kept
            }
        }
        return new SourceValues(n == keys.length ? keys : java.util.Arrays.copyOf(keys, n),
                n == values.length ? values : java.util.Arrays.copyOf(values, n));
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
