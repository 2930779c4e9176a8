package dev.regrade.rubric.template;

import dev.regrade.pycompat.PyException;

/** pydantic's {@code ValidationError} (a {@code ValueError}), with pydantic's message layout. */
public final class PyValidationError extends PyException {
    private static final long serialVersionUID = 1L;

    public PyValidationError(String message) {
        super("ValidationError", message);
    }
}
