package dev.tickbench.app.session;

import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The tracks a session is expected to draw before any of its series arrived, so the window shows
 * them, titled, from its first frame (docs/workbench-charts.md, "Start"): before the session's hello
 * every track of the catalogue, since nothing is known yet; after it, the tracks of the sources the
 * hello says are present (a machine without thermal zones loses its thermal track then). A track
 * comes by its series anyway; this only says which to show while waiting for them.
 */
public final class ExpectedTracks {
    private ExpectedTracks() {}

    /** In the catalogue's order of groups; {@code info} null: no hello yet. */
    public static List<ChartGroup> of(SeriesCatalogue catalogue, SessionInfo info) {
        if (info == null) {
            return catalogue.groups();
        }
        Set<String> groups = new HashSet<>();
        for (SessionInfo.SourceRow row : info.sources()) {
            if (row.present()) {
                catalogue.source(row.name()).ifPresent(e -> {
                    for (SeriesEntry s : e.series()) {
                        if (s.group() != null) {
                            groups.add(s.group());
                        }
                    }
                });
            }
        }
        return catalogue.groups().stream().filter(g -> groups.contains(g.id())).toList();
    }
}
