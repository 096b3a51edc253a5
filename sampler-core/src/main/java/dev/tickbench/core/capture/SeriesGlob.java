package dev.tickbench.core.capture;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A series selector such as {@code stat.cpu.*}: {@code *} matches any run of characters (dots
 * included), {@code ?} one character; the rest is literal and the whole name must match.
 */
public record SeriesGlob(String glob, Pattern pattern) {
    public static SeriesGlob of(String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return new SeriesGlob(glob, Pattern.compile(re.toString()));
    }

    public boolean matches(String series) {
        return pattern.matcher(series).matches();
    }

    /** True when {@code globs} is empty (no selection = every series) or any glob matches. */
    public static boolean anyMatches(List<SeriesGlob> globs, String series) {
        if (globs.isEmpty()) {
            return true;
        }
        for (SeriesGlob g : globs) {
            if (g.matches(series)) {
                return true;
            }
        }
        return false;
    }
}
