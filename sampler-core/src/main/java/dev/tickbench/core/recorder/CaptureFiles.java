package dev.tickbench.core.recorder;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The recorder's files in its directory: {@code HOST_TRIGGER_yyyyMMddTHHmmss.SSSZ.ndjson.gz}, written
 * as {@code .partial.<name>} and renamed when complete, and the disk bound over the files so named
 * (never any other file in the directory).
 */
final class CaptureFiles {
    static final String SUFFIX = ".ndjson.gz";
    static final String PARTIAL = ".partial.";
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern OURS = Pattern.compile(
            "(\\.partial\\.)?[A-Za-z0-9.-]+_[A-Za-z0-9_-]+_\\d{8}T\\d{6}\\.\\d{3}Z(-\\d+)?\\.ndjson\\.gz");

    private CaptureFiles() {}

    /** {@code host_trigger_time.ndjson.gz}, with {@code -N} added when that name exists. */
    static Path name(Path dir, String host, String trigger, long wallNs) {
        String base = safe(host, "host") + "_" + safe(trigger, "trigger").replace('.', '_') + "_"
                + TIME.format(Instant.ofEpochSecond(0, wallNs));
        Path p = dir.resolve(base + SUFFIX);
        for (int n = 2; Files.exists(p) || Files.exists(partial(p)); n++) {
            p = dir.resolve(base + "-" + n + SUFFIX);
        }
        return p;
    }

    static Path partial(Path file) {
        return file.resolveSibling(PARTIAL + file.getFileName());
    }

    /** Letters, digits, '.', '-' (and '_' in a trigger name); anything else becomes '-'; at most 64 characters. */
    private static String safe(String s, String fallback) {
        if (s == null || s.isBlank()) {
            return fallback;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && b.length() < 64; i++) {
            char c = s.charAt(i);
            b.append(
                    (c >= 'a' && c <= 'z')
                                    || (c >= 'A' && c <= 'Z')
                                    || (c >= '0' && c <= '9')
                                    || c == '.'
                                    || c == '-'
                                    || (c == '_' && !fallback.equals("host"))
                            ? c
                            : '-');
        }
        return b.toString();
    }

    static boolean ours(Path p) {
        return OURS.matcher(p.getFileName().toString()).matches();
    }

    /**
     * Deletes this recorder's captures, oldest first (by modification time, then name), until they and
     * {@code current} (the capture being written, kept) take at most {@code maxBytes}.
     *
     * @return how many were deleted
     */
    static int bound(Path dir, long maxBytes, Path current) throws IOException {
        record File(Path path, long bytes, long mtime) {}
        List<File> files = new ArrayList<>();
        long total = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (!ours(p)) {
                    continue;
                }
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(p, BasicFileAttributes.class);
                } catch (IOException gone) {
                    continue;
                }
                if (!a.isRegularFile()) {
                    continue;
                }
                total += a.size();
                if (!p.equals(current)) {
                    files.add(new File(p, a.size(), a.lastModifiedTime().toMillis()));
                }
            }
        }
        files.sort(Comparator.comparingLong(File::mtime)
                .thenComparing(f -> f.path().getFileName().toString()));
        int deleted = 0;
        for (File f : files) {
            if (total <= maxBytes) {
                break;
            }
            if (f.path().getFileName().toString().startsWith(PARTIAL)) {
                continue; // another writer's capture in progress
            }
            Files.deleteIfExists(f.path());
            total -= f.bytes();
            deleted++;
        }
        return deleted;
    }
}
