package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/catalogue.md lists every source and every series family of the standard catalogue, each once. */
class CatalogueDocTest {
    @Test
    void everySourceAndSeriesHasItsRow() throws IOException {
        Path doc = Path.of("..", "docs", "catalogue.md");
        String all = Files.readString(doc);
        int table = all.indexOf("\n| series | kind |");
        assertTrue(table > 0, doc + " has no table of series");
        String text = all.substring(0, table);
        String series = all.substring(table);
        List<String> missing = new ArrayList<>();
        for (SourceEntry s : SeriesCatalogue.standard().sources()) {
            if (!text.contains("`" + s.name().text() + "`")) {
                missing.add("source " + s.name());
            }
            for (SeriesEntry e : s.series()) {
                String row = "\n| `" + e.name().text().replace("|", "\\|") + "` |";
                int at = series.indexOf(row);
                if (at < 0) {
                    missing.add("series " + e.name());
                } else {
                    assertEquals(-1, series.indexOf(row, at + 1), e.name() + " has two rows in " + doc);
                }
            }
        }
        assertTrue(missing.isEmpty(), doc + " lacks rows for " + missing);
    }
}
