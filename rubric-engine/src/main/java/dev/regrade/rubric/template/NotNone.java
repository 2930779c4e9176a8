package dev.regrade.rubric.template;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A template field whose pydantic type is not {@code Optional}: an explicit {@code null} in an
 * extraction answer fails validation (and the original then falls back to the empty instance).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface NotNone {
}
