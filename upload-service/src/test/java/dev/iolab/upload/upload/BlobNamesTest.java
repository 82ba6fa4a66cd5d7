package dev.iolab.upload.upload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class BlobNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "report.pdf", "dir/sub/file.bin", ".hidden", "a..b", "ünï cödé 文件", "a b"})
    void acceptsNamesAzureStoresAsGiven(String name) {
        assertThat(BlobNames.validate(name)).isEqualTo(name);
    }

    @Test
    void acceptsTheLongestNameAndRefusesOneCharacterMore() {
        String longest = "x".repeat(BlobNames.MAX_LENGTH);
        assertThat(BlobNames.validate(longest)).isEqualTo(longest);
        assertInvalid(longest + "x", "1025 characters");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void refusesAnEmptyName(String name) {
        assertInvalid(name, "empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a//b", "/a", "a/", ".", "..", "a/./b", "a/../b", "../a", "a/.."})
    void refusesEmptyAndDotSegments(String name) {
        assertInvalid(name, "path segment");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tab\tname", "line\nbreak", "nul\0", "del\u007f", "c1\u0085"})
    void refusesControlCharacters(String name) {
        assertInvalid(name, "control character");
    }

    @Test
    void refusesANameEndingInADot() {
        assertInvalid("report.", "ending in '.'");
    }

    private static void assertInvalid(String name, String detail) {
        assertThatExceptionOfType(UploadException.class)
                .isThrownBy(() -> BlobNames.validate(name))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(ProblemType.INVALID_NAME))
                .withMessageContaining(detail);
    }
}
