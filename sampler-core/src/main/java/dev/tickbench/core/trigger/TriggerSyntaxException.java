package dev.tickbench.core.trigger;

/**
 * A trigger expression that does not parse, or names what does not exist: what is wrong and where, as
 * a 1-based column of the expression (docs/triggers.md, "Errors").
 */
public final class TriggerSyntaxException extends Exception {
    private final String expression;
    private final int column;
    private final String problem;

    /**
     * @param index the 0-based index of the character where the problem is ({@code expression.length()}
     *     for "it ended too soon")
     */
    public TriggerSyntaxException(String expression, int index, String problem) {
        super("at column " + (index + 1) + ": " + problem);
        this.expression = expression;
        this.column = index + 1;
        this.problem = problem;
    }

    /** The 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** What is wrong, without the position. */
    public String problem() {
        return problem;
    }

    public String expression() {
        return expression;
    }

    /**
     * Two lines that point at the problem: the expression (control characters shown as {@code ?}) and a
     * caret under the column.
     */
    public String pointer() {
        String shown = expression.replaceAll("\\p{Cntrl}", "?");
        return "  " + shown + "\n  " + " ".repeat(Math.max(0, Math.min(column - 1, shown.length()))) + "^";
    }
}
