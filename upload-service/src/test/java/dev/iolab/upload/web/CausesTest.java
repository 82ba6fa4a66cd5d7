package dev.iolab.upload.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class CausesTest {

    @Test
    void findsTheFirstCauseOfAType() {
        EOFException eof = new EOFException();
        assertThat(Causes.find(new IOException(new RuntimeException(eof)), EOFException.class))
                .isSameAs(eof);
        assertThat(Causes.find(new IOException("alone"), EOFException.class)).isNull();
        assertThat(Causes.find(null, EOFException.class)).isNull();
    }
}
