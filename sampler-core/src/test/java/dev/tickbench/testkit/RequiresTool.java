package dev.tickbench.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * This test (or every test of this class) drives a real tool: with {@code CI=true} a missing tool
 * fails it, elsewhere it is skipped with the reason ({@link Prerequisites}). Repeatable.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Repeatable(RequiresTool.All.class)
@ExtendWith(RequiresToolExtension.class)
public @interface RequiresTool {
    /** The executable's name, looked up on PATH and in the sbin directories. */
    String value();

    /** The Debian package that installs it (named in the failure or skip message). */
    String debianPackage();

    /** Container of repeated {@link RequiresTool}s. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD})
    @ExtendWith(RequiresToolExtension.class)
    @interface All {
        RequiresTool[] value();
    }
}
