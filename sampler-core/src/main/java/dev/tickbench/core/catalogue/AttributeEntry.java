package dev.tickbench.core.catalogue;

/**
 * A static fact a source publishes in the capabilities ({@code attributes.<source>.<key>}), read once at
 * open: a thermal zone's type and critical trip, a slab cache's object size.
 *
 * <p>A file set's attributes are read by the generic reader from the files {@link #file} names (a
 * cooling device's {@code type}, a cpuidle state's {@code name}), keyed like its values; a dot in the
 * key nests the attribute ({@code cooling_device0.type} is {@code {"cooling_device0":{"type":…}}}).
 *
 * @param key the key under the source's attributes, a pattern ({@code cpu{cpu}.governor})
 * @param file for a file set: the files it is read from (key = this key), or null when the source's
 *     own reader publishes it
 * @param read how the file gives the value
 */
public record AttributeEntry(NamePattern key, Unit unit, String description, FileSet file, Read read) {
    /** How an attribute file gives its value. */
    public enum Read {
        /** The file's text (a number when the unit is numeric and the text is one). */
        TEXT,
        /** The name of what the path, a symbolic link, points to ({@code cooling_device3}, {@code cpu2}). */
        LINK_NAME
    }

    public AttributeEntry {
        if (file != null && !file.key().equals(key)) {
            throw new IllegalArgumentException("attribute " + key + " is read from files keyed " + file.key());
        }
        if (file != null && !file.keysEachFile()) {
            throw new IllegalArgumentException("attribute " + key + " must name every capture of " + file.path()
                    + ", so that each file has its own key");
        }
    }

    public static AttributeEntry of(String key, Unit unit, String description) {
        return new AttributeEntry(NamePattern.of(key), unit, description, null, Read.TEXT);
    }

    /** An attribute of a file set read from each file {@code files} names (its text). */
    public static AttributeEntry file(FileSet files, Unit unit, String description) {
        return new AttributeEntry(files.key(), unit, description, files, Read.TEXT);
    }

    /** An attribute of a file set: the name a symbolic link {@code files} names points to. */
    public static AttributeEntry link(FileSet files, String description) {
        return new AttributeEntry(files.key(), Unit.TEXT, description, files, Read.LINK_NAME);
    }
}
