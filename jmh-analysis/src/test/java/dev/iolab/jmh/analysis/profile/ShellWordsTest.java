package dev.iolab.jmh.analysis.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShellWordsTest {

    @Test
    void splitsOnWhiteSpace() {
        assertThat(ShellWords.split("  CopyBenchmark -p  fileSizeKb=64\t-f 1 "))
                .containsExactly("CopyBenchmark", "-p", "fileSizeKb=64", "-f", "1");
    }

    @Test
    void keepsQuotedWhiteSpaceTogether() {
        assertThat(ShellWords.split("-jvmArgs '-Xmx1g -Xms1g' -p \"a=b c\""))
                .containsExactly("-jvmArgs", "-Xmx1g -Xms1g", "-p", "a=b c");
    }

    @Test
    void honoursEscapesInsideDoubleQuotesOnly() {
        assertThat(ShellWords.split("\"say \\\"hi\\\"\" 'it\\s'")).containsExactly("say \"hi\"", "it\\s");
    }

    @Test
    void emptyQuotesMakeAnEmptyWord() {
        assertThat(ShellWords.split("-p ''")).containsExactly("-p", "");
    }

    @Test
    void nullAndBlankGiveNoWords() {
        assertThat(ShellWords.split(null)).isEmpty();
        assertThat(ShellWords.split("   ")).isEmpty();
    }

    @Test
    void rejectsAnUnclosedQuote() {
        assertThatThrownBy(() -> ShellWords.split("-jvmArgs '-Xmx1g"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unclosed");
    }
}
