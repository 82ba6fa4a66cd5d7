package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileSizeTest {

    @Test
    void readsBinarySuffixes() {
        assertThat(FileSize.parse("300")).isEqualTo(300);
        assertThat(FileSize.parse("3K")).isEqualTo(3 * 1024);
        assertThat(FileSize.parse("30M")).isEqualTo(30L * 1024 * 1024);
        assertThat(FileSize.parse("3G")).isEqualTo(3L * 1024 * 1024 * 1024);
        assertThat(FileSize.parse("3gb")).isEqualTo(3L * 1024 * 1024 * 1024);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "K", "3X", "-3K", "3.5M", "99999999999T"})
    void rejectsWhatIsNotASize(String text) {
        assertThatThrownBy(() -> FileSize.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(text);
    }
}
