package dev.tickbench.core.catalogue;

/**
 * How the sampler reads a source from its files (docs/catalogue.md, "Adding a source"): the files, the
 * parse that reads them, and what the capabilities say when they cannot be read. The sampler's
 * {@code CatalogueSource} is built from it: the entry says everything but the parse.
 *
 * @param files the files, found once when the source opens
 * @param parse the simple name of the class in {@code dev.tickbench.core.source} that reads them: a parse
 *     of text files, or a reader that does more with one-number files (a counter it unwraps, attributes
 *     or a cadence it finds at open); null for one-number files read as they are
 * @param stepsBack the keys the kernel may step back a little without a reset ({@code /proc/stat}'s idle
 *     and iowait under NO_HZ): a decrease is a negative delta (FORMAT.md); null for none
 * @param missing why the source is absent when none of its files exists, {@code <proc>} and {@code <sys>}
 *     standing for the roots; null for {@code no <the files> on this system}
 * @param denied what a refused read means for this source, after {@code permission denied reading <file>: };
 *     null for {@code (needs root)}
 * @param absentAs a family of sources (one per match of a name pattern) is listed absent under this name
 *     when no member is found; null for a source with a literal name
 */
public record Reading(
        FileSet files, String parse, NamePattern stepsBack, String missing, String denied, String absentAs) {
    public Reading {
        if (files == null) {
            throw new IllegalArgumentException("a source read from files names them");
        }
        if (files.content() == FileSet.Content.TEXT && parse == null) {
            throw new IllegalArgumentException("text files " + files.path() + " need a parse");
        }
    }

    static Reading of(FileSet files, String parse) {
        return new Reading(files, parse, null, null, null, null);
    }

    Reading stepsBack(String keys) {
        return new Reading(files, parse, NamePattern.of(keys), missing, denied, absentAs);
    }

    Reading missing(String why) {
        return new Reading(files, parse, stepsBack, why, denied, absentAs);
    }

    Reading denied(String why) {
        return new Reading(files, parse, stepsBack, missing, why, absentAs);
    }
}
