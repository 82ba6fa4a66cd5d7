package dev.iolab.reporting.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FiguresTest {

    @Test
    void numbersKeepAboutFourSignificantFigures() {
        assertThat(Figures.number(116_644.3)).isEqualTo("116,644");
        assertThat(Figures.number(251.74)).isEqualTo("251.7");
        assertThat(Figures.number(13.174)).isEqualTo("13.17");
        assertThat(Figures.number(3.88)).isEqualTo("3.880");
        assertThat(Figures.number(0)).isEqualTo("0.000");
        assertThat(Figures.number(0.044123)).isEqualTo("0.0441");
        assertThat(Figures.number(-2.5)).isEqualTo("-2.500");
    }

    @Test
    void aMissingFigureIsADash() {
        assertThat(Figures.number(Double.NaN)).isEqualTo(Figures.NONE);
        assertThat(Figures.number(Double.POSITIVE_INFINITY)).isEqualTo("–");
        assertThat(Figures.fixed(null, 2)).isEqualTo("–");
        assertThat(Figures.fixed(Double.NaN, 2)).isEqualTo("–");
        assertThat(Figures.percent(Double.NaN)).isEqualTo("–");
        assertThat(Figures.times(Double.NaN)).isEqualTo("–");
    }

    @Test
    void aDurationIsMinutesAndTwoDigitSecondsHoweverLong() {
        assertThat(Figures.minutes(459)).isEqualTo("7 min 39 s");
        assertThat(Figures.minutes(35)).isEqualTo("0 min 35 s");
        assertThat(Figures.minutes(4500)).isEqualTo("75 min 00 s");
    }

    @Test
    void fixedDecimalsPercentsAndFactors() {
        assertThat(Figures.fixed(8.8249, 2)).isEqualTo("8.82");
        assertThat(Figures.fixed(1234.4, 0)).isEqualTo("1234");
        assertThat(Figures.percent(4.26)).isEqualTo("4.3 %");
        assertThat(Figures.times(1.234)).isEqualTo("×1.23");
        assertThat(Figures.times(1234.4)).isEqualTo("×1,234");
        assertThat(Figures.factor(9.999)).isEqualTo("10.00");
    }

    @Test
    void bytesAsWholeMebibytes() {
        assertThat(Figures.mib(512.0 * 1024 * 1024)).isEqualTo("512");
        assertThat(Figures.mib(1.6 * 1024 * 1024)).isEqualTo("2");
        assertThat(Figures.mib(null)).isEqualTo(Figures.NONE);
    }

    @Test
    void aSpreadIsTheMedianWithTheLowestAndHighestOfWhatWasMeasured() {
        assertThat(Figures.spread(List.of(1.18, 1.05, 1.07), 2)).isEqualTo("1.07 (1.05–1.18)");
        assertThat(Figures.spread(List.of(0.2, 0.25, 0.19, 0.24), 3)).isEqualTo("0.220 (0.190–0.250)");
        assertThat(Figures.spread(Arrays.asList(2.0, null, Double.NaN, 4.0), 1)).isEqualTo("3.0 (2.0–4.0)");
        assertThat(Figures.spread(List.of(1.2345), 2)).isEqualTo("1.23");
        assertThat(Figures.spread(Arrays.asList(null, Double.NaN), 2)).isEqualTo(Figures.NONE);
        assertThat(Figures.spread(List.of(), 2)).isEqualTo(Figures.NONE);
    }
}
