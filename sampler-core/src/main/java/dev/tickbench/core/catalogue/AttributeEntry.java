package dev.tickbench.core.catalogue;

/**
 * A static fact a source publishes in the capabilities ({@code attributes.<source>.<key>}), read once at
 * open: a thermal zone's type and critical trip, a slab cache's object size.
 *
 * @param key the key under the source's attributes, a pattern ({@code cpu{cpu}.governor})
 */
public record AttributeEntry(NamePattern key, Unit unit, String description) {
    public static AttributeEntry of(String key, Unit unit, String description) {
        return new AttributeEntry(NamePattern.of(key), unit, description);
    }
}
