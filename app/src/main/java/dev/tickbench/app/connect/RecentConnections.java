package dev.tickbench.app.connect;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.app.dirs.UserDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The recent connections, most recent first, in {@code $XDG_CONFIG_HOME/tickbench/recent.json} ({@link UserDirs}). */
public final class RecentConnections {
    static final int MAX = 10;
    private static final Logger LOG = LoggerFactory.getLogger(RecentConnections.class);
    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES); // a newer app may add fields

    private final Path file;

    public RecentConnections(Path file) {
        this.file = file;
    }

    /** The file of the current user: under $XDG_CONFIG_HOME, else $HOME/.config ({@link UserDirs}). */
    public static RecentConnections forUser() {
        return new RecentConnections(UserDirs.current().recentConnections());
    }

    public Path file() {
        return file;
    }

    /** The list; empty when there is no file; an unreadable file is logged once and treated as empty. */
    public List<RecentConnection> load() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try (java.io.InputStream in = Files.newInputStream(file)) { // a stream, not a File: any file system
            List<RecentConnection> list = JSON.readValue(in, new TypeReference<List<RecentConnection>>() {});
            return list.stream()
                    .filter(r -> r.kind() != null && r.host() != null)
                    .limit(MAX)
                    .toList();
        } catch (IOException e) {
            LOG.warn(
                    "Ignoring the recent connections in {}: {}",
                    file,
                    String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
            return List.of();
        }
    }

    /** Puts {@code entry} first, dropping an older entry for the same place; keeps {@value #MAX}. */
    public List<RecentConnection> remember(RecentConnection entry) throws IOException {
        List<RecentConnection> list = new ArrayList<>();
        list.add(entry);
        for (RecentConnection r : load()) {
            if (!r.samePlace(entry) && list.size() < MAX) {
                list.add(r);
            }
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (java.io.OutputStream out = Files.newOutputStream(tmp)) {
            JSON.writerWithDefaultPrettyPrinter().writeValue(out, list);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return List.copyOf(list);
    }
}
