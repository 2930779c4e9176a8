package dev.regrade.rubric.template;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The default of a template field, as a JSON literal ({@code "[]"}, {@code "false"}, {@code "0.0"}).
 * Without it a field defaults to None ({@code null}), the common {@code Optional[...] = None};
 * a {@code List} field without it defaults to {@code []} only when annotated {@code @Default("[]")}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface Default {
    String value();
}
