package dev.tickbench.core.trigger;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.text.InertText;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Parses one trigger expression (the grammar: docs/triggers.md). A hand-written recursive descent over
 * a small lexer, so that every error names its column: a word that is not what the grammar allows
 * there, a number or duration out of range, a series the catalogue does not know, a regex that does
 * not compile.
 */
public final class TriggerParser {
    /** The longest expression accepted: one line a person writes, not a document. */
    public static final int MAX_LENGTH = 1024;
    /** The kernel accepts windows up to 10 s (psi.rst). */
    static final long MAX_PSI_WINDOW_US = 10_000_000;
    /** {@code NAME:} before the expression, followed by a space or its end. */
    static final Pattern LABEL = Pattern.compile("\\s*([A-Za-z][A-Za-z0-9_-]{0,31}):(?=\\s|$)");

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|µs|ms|s|m)");
    private static final Set<String> RESOURCES = Set.of("cpu", "io", "memory", "irq");
    private static final String OPERATOR_CHARS = "<>=!";

    private final String text;
    private final SeriesCatalogue catalogue;
    private int pos;

    private TriggerParser(String text, SeriesCatalogue catalogue, int start) {
        this.text = text;
        this.catalogue = catalogue;
        this.pos = start;
    }

    /** Parses {@code text}; series names are looked up in {@code catalogue}. */
    public static TriggerDefinition parse(String text, SeriesCatalogue catalogue) throws TriggerSyntaxException {
        if (text.length() > MAX_LENGTH) {
            throw new TriggerSyntaxException(text, MAX_LENGTH, "longer than " + MAX_LENGTH + " characters");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.getType(c) == Character.CONTROL && c != '\t') {
                // a NUL or an escape: no name, path or regex of a trigger holds one, and a client's text goes on to
                // paths and terminals
                throw new TriggerSyntaxException(
                        text,
                        i,
                        "a control character (" + InertText.line(String.valueOf(c)) + ") has no place in a trigger");
            }
        }
        Matcher label = LABEL.matcher(text);
        String name = null;
        int start = 0;
        if (label.lookingAt()) {
            name = label.group(1);
            start = label.end();
        }
        TriggerParser p = new TriggerParser(text, catalogue, start);
        return new TriggerDefinition(name, text, p.body());
    }

    private enum Type {
        WORD,
        STRING,
        OPERATOR,
        TILDE,
        END
    }

    private record Token(Type type, String text, int start) {
        /** How an error message names it. */
        String shown() {
            return switch (type) {
                case END -> "the end";
                case STRING -> "\"" + text + "\"";
                default -> "'" + text + "'";
            };
        }
    }

    private TriggerSpec body() throws TriggerSyntaxException {
        Token t = next();
        if (t.type == Type.END) {
            throw error(t, "empty trigger: expected 'psi …', 'kmsg ~ /regex/' or a series with a test");
        }
        if (t.type == Type.WORD && t.text.equals("psi")) {
            return psi();
        }
        if (t.type == Type.WORD && t.text.equals("kmsg")) {
            return kmsg();
        }
        if (t.type != Type.WORD && t.type != Type.STRING) {
            throw error(t, "expected 'psi', 'kmsg' or a series name, found " + t.shown());
        }
        return series(t);
    }

    // psi RESOURCE some|full DURATION in DURATION [cgroup PATH]
    private TriggerSpec psi() throws TriggerSyntaxException {
        Token resource = next();
        if (resource.type != Type.WORD || !RESOURCES.contains(resource.text)) {
            throw error(resource, "expected the pressure resource (cpu, io, memory or irq), found " + resource.shown());
        }
        Token stall = next();
        if (stall.type != Type.WORD || !(stall.text.equals("some") || stall.text.equals("full"))) {
            throw error(stall, "expected 'some' or 'full' (which stall the kernel measures), found " + stall.shown());
        }
        Token threshold = next();
        long thresholdUs = micros(threshold);
        expectWord("in", "between the stall time and the window (psi cpu some 150ms in 1s)");
        Token window = next();
        long windowUs = micros(window);
        if (windowUs > MAX_PSI_WINDOW_US) {
            throw error(window, "the window is at most 10s (the kernel's limit, psi.rst)");
        }
        if (thresholdUs <= 0) {
            throw error(threshold, "the stall time must be above 0");
        }
        if (thresholdUs > windowUs) {
            throw error(threshold, "the stall time must not be longer than the window");
        }
        String cgroup = null;
        Token t = next();
        if (t.type == Type.WORD && t.text.equals("cgroup")) {
            Token path = next();
            if ((path.type != Type.WORD && path.type != Type.STRING) || !path.text.startsWith("/")) {
                throw error(
                        path,
                        "expected a cgroup path starting with '/' (relative to the cgroup v2 mount), found "
                                + path.shown());
            }
            for (String seg : path.text.split("/")) {
                if (seg.equals("..") || seg.equals(".")) {
                    throw error(path, "a cgroup path has no '.' or '..' segments");
                }
            }
            cgroup = path.text;
            t = next();
        }
        end(t);
        return new TriggerSpec.Psi(resource.text, stall.text, thresholdUs, windowUs, cgroup);
    }

    // kmsg [prio <= N] ~ /REGEX/[i]
    private TriggerSpec kmsg() throws TriggerSyntaxException {
        int maxPrio = 7;
        Token t = next();
        if (t.type == Type.WORD && t.text.equals("prio")) {
            Token op = next();
            if (op.type != Type.OPERATOR || !op.text.equals("<=")) {
                throw error(op, "expected '<=' after 'prio' (prio <= 3: err and more urgent), found " + op.shown());
            }
            Token n = next();
            if (n.type != Type.WORD || !n.text.matches("[0-7]")) {
                throw error(n, "expected a kernel log priority from 0 (emerg) to 7 (debug), found " + n.shown());
            }
            maxPrio = Integer.parseInt(n.text);
            t = next();
        }
        if (t.type != Type.TILDE) {
            throw error(t, "expected '~ /regex/' after 'kmsg', found " + t.shown());
        }
        Pattern regex = regex();
        end(next());
        return new TriggerSpec.Kmsg(regex, maxPrio);
    }

    /** {@code /…/} with {@code \/} for a slash inside, then an optional {@code i} (ignore case). */
    private Pattern regex() throws TriggerSyntaxException {
        skipSpace();
        if (pos >= text.length() || text.charAt(pos) != '/') {
            throw new TriggerSyntaxException(text, pos, "expected a regex between slashes (/oom-kill|Out of memory/)");
        }
        int open = pos;
        StringBuilder re = new StringBuilder();
        int i = pos + 1;
        for (; i < text.length() && text.charAt(i) != '/'; i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                re.append('/');
                i++;
            } else {
                re.append(c);
            }
        }
        if (i >= text.length()) {
            throw new TriggerSyntaxException(text, open, "the regex has no closing '/'");
        }
        pos = i + 1;
        int flags = 0;
        if (pos < text.length() && text.charAt(pos) == 'i') {
            flags = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
            pos++;
        }
        if (re.length() == 0) {
            throw new TriggerSyntaxException(text, open, "the regex is empty: it would match every record");
        }
        try {
            return Pattern.compile(re.toString(), flags);
        } catch (PatternSyntaxException e) {
            int at = e.getIndex() < 0 ? open : Math.min(text.length(), open + 1 + e.getIndex());
            throw new TriggerSyntaxException(text, at, "bad regex: " + e.getDescription());
        }
    }

    // SERIES (OP NUMBER [for DURATION] | rising [after DURATION flat] | falling)
    private TriggerSpec series(Token name) throws TriggerSyntaxException {
        SeriesRef ref = SeriesRef.resolve(catalogue, name.text).orElse(null);
        if (ref == null) {
            ValueKind known = catalogue.series(name.text).map(m -> m.kind()).orElse(null);
            String why = known == ValueKind.EVENT
                    ? "is an event, not a number: use kmsg ~ /regex/"
                    : known == ValueKind.DERIVED
                            ? "is not computed by the triggers (they derive cpu.*, psi.* and cgroup.*)"
                            : "is not a series of the catalogue (docs/catalogue.md): use a CSV column name such as "
                                    + "cpu.iowait_pct, thermal_zone0_c or diskstats.sda.io_ms";
            throw error(name, name.shown() + " " + why);
        }
        Token t = next();
        if (t.type == Type.OPERATOR) {
            TriggerSpec.Comparison op = TriggerSpec.Comparison.of(t.text);
            if (op == null) {
                throw error(t, "unknown operator '" + t.text + "': use >, >=, <, <=, == or !=");
            }
            Token n = next();
            double value = number(n, "after '" + t.text + "'");
            long forNs = 0;
            Token f = next();
            if (f.type == Type.WORD && f.text.equals("for")) {
                Token d = next();
                forNs = nanos(d);
                f = next();
            }
            end(f);
            return new TriggerSpec.Condition(ref, op, value, forNs);
        }
        if (t.type == Type.WORD && (t.text.equals("rising") || t.text.equals("falling"))) {
            boolean rising = t.text.equals("rising");
            if (!rising && ref.kind() == ValueKind.COUNTER) {
                throw error(
                        t,
                        name.shown() + " is a counter: it only rises (compare its rate instead: " + name.text
                                + " < N)");
            }
            if (ref.kind() == ValueKind.DERIVED) {
                throw error(t, name.shown() + " is derived over a window: compare it with a number instead");
            }
            long flatNs = 0;
            Token a = next();
            if (rising && a.type == Type.WORD && a.text.equals("after")) {
                Token d = next();
                flatNs = nanos(d);
                if (flatNs <= 0) {
                    throw error(d, "the flat time must be above 0");
                }
                expectWord("flat", "after the duration (rising after 10s flat)");
                a = next();
            }
            end(a);
            return new TriggerSpec.Change(ref, rising, flatNs);
        }
        throw error(
                t,
                "expected a comparison (>, >=, <, <=, ==, !=), 'rising' or 'falling' after the series, found "
                        + t.shown());
    }

    private void expectWord(String word, String where) throws TriggerSyntaxException {
        Token t = next();
        if (t.type != Type.WORD || !t.text.equals(word)) {
            throw error(t, "expected '" + word + "' " + where + ", found " + t.shown());
        }
    }

    private void end(Token t) throws TriggerSyntaxException {
        if (t.type != Type.END) {
            throw error(t, "unexpected " + t.shown() + ": the trigger ended before it");
        }
    }

    private double number(Token t, String where) throws TriggerSyntaxException {
        if (t.type != Type.WORD || !NUMBER.matcher(t.text).matches()) {
            throw error(t, "expected a number " + where + ", found " + t.shown());
        }
        double v = Double.parseDouble(t.text);
        if (!Double.isFinite(v)) {
            throw error(t, "the number is out of range");
        }
        return v;
    }

    private long micros(Token t) throws TriggerSyntaxException {
        long ns = nanos(t);
        if (ns % 1000 != 0) {
            throw error(t, "a PSI time is whole microseconds");
        }
        return ns / 1000;
    }

    /** {@code 150ms}, {@code 1.5s}, {@code 2m}, {@code 500us}: exact nanoseconds. */
    private long nanos(Token t) throws TriggerSyntaxException {
        Matcher m = t.type == Type.WORD ? DURATION.matcher(t.text) : null;
        if (m == null || !m.matches()) {
            throw error(t, "expected a duration such as 150ms, 1s or 2m, found " + t.shown());
        }
        long unit = switch (m.group(2)) {
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> 60_000_000_000L;
        };
        java.math.BigDecimal ns = new java.math.BigDecimal(m.group(1)).multiply(java.math.BigDecimal.valueOf(unit));
        if (ns.compareTo(java.math.BigDecimal.valueOf(24L * 3600 * 1_000_000_000L)) > 0) {
            throw error(t, "a duration is at most a day");
        }
        if (ns.stripTrailingZeros().scale() > 0) {
            throw error(t, "a duration is whole nanoseconds");
        }
        return ns.longValueExact();
    }

    private TriggerSyntaxException error(Token t, String problem) {
        return new TriggerSyntaxException(text, t.start, problem);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private Token next() throws TriggerSyntaxException {
        skipSpace();
        int start = pos;
        if (pos >= text.length()) {
            return new Token(Type.END, "", start);
        }
        char c = text.charAt(pos);
        if (c == '~') {
            pos++;
            return new Token(Type.TILDE, "~", start);
        }
        if (OPERATOR_CHARS.indexOf(c) >= 0) {
            while (pos < text.length() && OPERATOR_CHARS.indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
            return new Token(Type.OPERATOR, text.substring(start, pos), start);
        }
        if (c == '"') {
            StringBuilder s = new StringBuilder();
            pos++;
            while (pos < text.length() && text.charAt(pos) != '"') {
                char d = text.charAt(pos);
                if (d == '\\' && pos + 1 < text.length()) {
                    pos++;
                    d = text.charAt(pos);
                }
                s.append(d);
                pos++;
            }
            if (pos >= text.length()) {
                throw new TriggerSyntaxException(text, start, "the quoted name has no closing '\"'");
            }
            pos++;
            return new Token(Type.STRING, s.toString(), start);
        }
        while (pos < text.length()
                && !Character.isWhitespace(text.charAt(pos))
                && "~\"".indexOf(text.charAt(pos)) < 0
                && OPERATOR_CHARS.indexOf(text.charAt(pos)) < 0) {
            pos++;
        }
        return new Token(Type.WORD, text.substring(start, pos), start);
    }
}
