package dev.tickbench.probe.ssh;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an SSH exec request into words the way a POSIX shell would quote them ('…', "…", \x), and
 * nothing more: no expansion, no pipes, no redirection. There is no shell behind the probe's SSH
 * server, so {@code ;}, {@code |} or {@code $(…)} are ordinary characters that the command's own
 * parser then rejects.
 */
final class CommandLineSplitter {
    private CommandLineSplitter() {}

    /** The words, or null when a quote is not closed. */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            return null;
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
