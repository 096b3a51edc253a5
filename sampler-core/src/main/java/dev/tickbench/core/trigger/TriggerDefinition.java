package dev.tickbench.core.trigger;

/**
 * A parsed trigger expression.
 *
 * @param label the name given before a colon ({@code hot: thermal_zone0_c > 80}), or null: the set names it
 * @param text the expression as given, label included
 */
public record TriggerDefinition(String label, String text, TriggerSpec spec) {}
