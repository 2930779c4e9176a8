package dev.regrade.pycompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PyExceptionTest {

    @Test
    void subclassesCarryTheirPythonType() {
        assertEquals("ValueError", new PyValueError("m").pythonType());
        assertEquals("AttributeError", new PyAttributeError("m").pythonType());
        assertEquals("TypeError", new PyTypeError("m").pythonType());
        assertEquals("IndexError", new PyIndexError("m").pythonType());
        assertEquals("KeyError", new PyKeyError("m").pythonType());
        assertEquals("ZeroDivisionError", new PyZeroDivisionError("m").pythonType());
    }

    @Test
    void messageAndTracebackLine() {
        PyException e = new PyIndexError("list index out of range");
        assertEquals("list index out of range", e.getMessage());
        assertEquals("list index out of range", e.pythonMessage());
        assertEquals("IndexError: list index out of range", e.toString());
        // Python prints just the type name when the message is empty
        assertEquals("ValueError", new PyValueError("").toString());
        assertEquals("ValueError", new PyValueError(null).toString());
        assertEquals("OverflowError: x", new PyException("OverflowError", "x").toString());
        assertThrows(IllegalArgumentException.class, () -> new PyException("", "x"));
    }

    @Test
    void keyErrorShowsTheKeyRepr() {
        // python3: {}['name'] -> KeyError: 'name'; {}[3] -> KeyError: 3
        assertEquals("KeyError: 'name'", PyKeyError.forKey("name").toString());
        assertEquals("KeyError: 3", PyKeyError.forKey(3).toString());
    }
}
