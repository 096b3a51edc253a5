package dev.tickbench.testkit;

import dev.tickbench.core.source.SystemRoots;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A fixture board whose files change over a run, as its story says ({@code boards/<board>.story} beside
 * the board: stages of ticks, each setting files, growing counters and adding CPU time, each with the
 * clock verdict it must give). The test drives it: {@link #beforeTick(int)} before each of the sampler's
 * ticks writes what that tick reads, in place (the sampler keeps its files open), so every run reads
 * the same story whatever the machine's speed.
 */
public final class ScriptedBoard {
    /** One stage: its name, its ticks {@code [firstTick, lastTick]} (1-based) and the limiter it must give. */
    public record Stage(String name, int firstTick, int lastTick, String expect) {}

    private record Step(String verb, String path, long value, long wrap, List<Integer> cpus, long idle, String text) {}

    private final Path dir;
    private final List<Stage> stages = new ArrayList<>();
    private final List<List<Step>> steps = new ArrayList<>();
    /** proc/stat per CPU: the ten fields, and the lines after the CPU lines as they are. */
    private final List<long[]> cpuTimes = new ArrayList<>();

    private final List<String> statTail = new ArrayList<>();

    private ScriptedBoard(Path dir) {
        this.dir = dir;
    }

    /** Copies {@code board} to {@code dir} and reads its story; the story's lines before its first stage are applied. */
    public static ScriptedBoard open(String board, Path dir) throws IOException {
        Boards.copyTree(Boards.dir(board), dir);
        return of(dir, board + ".story", story(board));
    }

    /** The text of the story {@code boards/<name>.story} on the test class path. */
    public static String story(String name) throws IOException {
        try (InputStream in = ScriptedBoard.class.getResourceAsStream("/boards/" + name + ".story")) {
            if (in == null) {
                throw new IOException("no story boards/" + name + ".story on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * A board already in {@code dir} and a story for it, named {@code name} in errors; the story's lines
     * before its first stage are applied. Besides {@code set}, {@code add} and {@code stat} a story may
     * write a file whole ({@code file PATH TEXT…}, made with its directories when missing) and make a
     * symbolic link ({@code link PATH TARGET}, the target as the kernel writes it, relative to the link).
     */
    public static ScriptedBoard of(Path dir, String name, String story) throws IOException {
        ScriptedBoard b = new ScriptedBoard(dir);
        b.readStat();
        List<Step> start = new ArrayList<>();
        BufferedReader r = new BufferedReader(new java.io.StringReader(story));
        List<Step> current = start;
        int tick = 1;
        String stage = null;
        int ticks = 0;
        String expect = null;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            String[] w = line.strip().split("\\s+");
            if (w[0].isEmpty() || w[0].startsWith("#")) {
                continue;
            }
            switch (w[0]) {
                case "stage" -> {
                    if (stage != null) {
                        b.stages.add(new Stage(stage, tick, tick + ticks - 1, expect));
                        tick += ticks;
                    }
                    stage = w[1];
                    ticks = Integer.parseInt(w[2]);
                    expect = null;
                    current = new ArrayList<>();
                    b.steps.add(current);
                }
                case "expect" -> expect = w[1];
                case "set" -> current.add(new Step("set", w[1], Long.parseLong(w[2]), 0, null, 0, null));
                case "add" ->
                    current.add(new Step(
                            "add",
                            w[1],
                            Long.parseLong(w[2]),
                            w.length > 4 && w[3].equals("wrap") ? Long.parseLong(w[4]) : 0,
                            null,
                            0,
                            null));
                case "stat" ->
                    current.add(
                            new Step("stat", null, Long.parseLong(w[2]), 0, cpus(w[1]), Long.parseLong(w[3]), null));
                case "file" ->
                    current.add(new Step(
                            "file",
                            w[1],
                            0,
                            0,
                            null,
                            0,
                            String.join(" ", java.util.Arrays.asList(w).subList(2, w.length))));
                case "link" -> current.add(new Step("link", w[1], 0, 0, null, 0, w[2]));
                default -> throw new IOException(name + ": unknown line '" + line + "'");
            }
        }
        if (stage != null) {
            b.stages.add(new Stage(stage, tick, tick + ticks - 1, expect));
        }
        for (Step s : start) {
            b.apply(s, true);
        }
        return b;
    }

    public SystemRoots roots() {
        return SystemRoots.of(dir.resolve("proc"), dir.resolve("sys"));
    }

    public Path dir() {
        return dir;
    }

    public List<Stage> stages() {
        return List.copyOf(stages);
    }

    /** Every tick of the story. */
    public int ticks() {
        return stages.isEmpty() ? 0 : stages.get(stages.size() - 1).lastTick();
    }

    /** Writes what the sampler's tick {@code tick} (1-based) reads: the stage's settings on its first tick, its counters on every one. */
    public void beforeTick(int tick) throws IOException {
        for (int i = 0; i < stages.size(); i++) {
            Stage st = stages.get(i);
            if (tick >= st.firstTick() && tick <= st.lastTick()) {
                for (Step s : steps.get(i)) {
                    apply(s, tick == st.firstTick());
                }
            }
        }
    }

    private void apply(Step s, boolean first) throws IOException {
        switch (s.verb()) {
            case "set" -> {
                if (first) {
                    for (Path p : expand(s.path())) {
                        Files.writeString(p, s.value() + "\n");
                    }
                }
            }
            case "file" -> {
                if (first) {
                    Path p = dir.resolve(s.path());
                    Files.createDirectories(p.getParent());
                    Files.writeString(p, s.text() + "\n");
                }
            }
            case "link" -> {
                if (first) {
                    Path p = dir.resolve(s.path());
                    Files.createDirectories(p.getParent());
                    Files.deleteIfExists(p);
                    Files.createSymbolicLink(p, Path.of(s.text()));
                }
            }
            case "add" -> {
                for (Path p : expand(s.path())) {
                    long v = Long.parseLong(Files.readString(p).strip()) + s.value();
                    if (s.wrap() > 0 && v > s.wrap()) {
                        v -= s.wrap(); // the counter starts again from 0 past its range, as RAPL's does
                    }
                    Files.writeString(p, v + "\n");
                }
            }
            default -> {
                for (int cpu : s.cpus()) {
                    cpuTimes.get(cpu)[0] += s.value();
                    cpuTimes.get(cpu)[3] += s.idle();
                }
                writeStat();
            }
        }
    }

    /** The files a path with {@code *} or {@code [..]} (as in a shell) segments names, in order; none is an error in the story. */
    private List<Path> expand(String path) throws IOException {
        List<Path> at = List.of(dir);
        for (String seg : path.split("/")) {
            List<Path> next = new ArrayList<>();
            for (Path p : at) {
                if (!seg.contains("*") && !seg.contains("[")) {
                    next.add(p.resolve(seg));
                    continue;
                }
                String re = seg.replace(".", "\\.").replace("*", ".*");
                try (Stream<Path> s = Files.list(p)) {
                    s.filter(c -> c.getFileName().toString().matches(re))
                            .sorted()
                            .forEach(next::add);
                }
            }
            at = next;
        }
        List<Path> files = at.stream().filter(Files::isRegularFile).toList();
        if (files.isEmpty()) {
            throw new IOException("the story names " + path + ", which the board does not have");
        }
        return files;
    }

    private void readStat() throws IOException {
        for (String line : Files.readAllLines(dir.resolve("proc/stat"))) {
            String[] w = line.split("\\s+");
            if (w[0].matches("cpu\\d+")) {
                long[] f = new long[10];
                for (int i = 0; i < 10 && i + 1 < w.length; i++) {
                    f[i] = Long.parseLong(w[i + 1]);
                }
                cpuTimes.add(f);
            } else if (!w[0].equals("cpu")) {
                statTail.add(line);
            }
        }
    }

    private void writeStat() throws IOException {
        long[] all = new long[10];
        StringBuilder cpus = new StringBuilder();
        for (int c = 0; c < cpuTimes.size(); c++) {
            cpus.append("cpu").append(c);
            for (int i = 0; i < 10; i++) {
                all[i] += cpuTimes.get(c)[i];
                cpus.append(' ').append(cpuTimes.get(c)[i]);
            }
            cpus.append('\n');
        }
        StringBuilder b = new StringBuilder("cpu ");
        for (long v : all) {
            b.append(' ').append(v);
        }
        b.append('\n').append(cpus);
        for (String t : statTail) {
            b.append(t).append('\n');
        }
        Files.writeString(dir.resolve("proc/stat"), b.toString());
    }

    private static List<Integer> cpus(String list) {
        List<Integer> out = new ArrayList<>();
        for (String part : list.split(",")) {
            int dash = part.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
            for (int c = from; c <= to; c++) {
                out.add(c);
            }
        }
        return out;
    }
}
