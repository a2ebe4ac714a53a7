import { Chart, type ChartConfiguration, type ChartType } from 'chart.js'
import { useThemeVars } from 'naive-ui'
import { onBeforeUnmount, watch, type Ref, type WatchSource } from 'vue'

/** Distinct in both themes and for the common colour-vision deficiencies (Okabe–Ito). */
export const CHART_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#999999']

/** The theme's colours a chart draws its text, grid and single series with. */
export interface ChartColors {
  text: string
  grid: string
  primary: string
}

/**
 * A Chart.js chart on `canvas` in the app's theme: drawn once the canvas is in the page, drawn
 * again when `sources` or the theme change, destroyed with the component. `toPng` gives the chart
 * on the theme's background (a transparent canvas reads badly in an image viewer).
 */
export function useThemedChart<T extends ChartType>(
  canvas: Ref<HTMLCanvasElement | null>,
  configure: (colors: ChartColors) => ChartConfiguration<T>,
  sources: WatchSource[],
): { toPng(): string } {
  const vars = useThemeVars()
  let chart: Chart<T> | undefined

  function draw() {
    chart?.destroy()
    chart = undefined
    if (!canvas.value) return
    const colors = { text: vars.value.textColor2, grid: vars.value.dividerColor, primary: vars.value.primaryColor }
    chart = new Chart(canvas.value, configure(colors))
  }

  // After the DOM update, so a canvas that appears with the data is there to draw on.
  watch([canvas, ...sources, () => vars.value.textColor2, () => vars.value.primaryColor], draw, {
    flush: 'post',
    immediate: true,
  })
  onBeforeUnmount(() => chart?.destroy())

  return {
    toPng() {
      const source = canvas.value
      const copy = document.createElement('canvas')
      const ctx = copy.getContext('2d')
      if (!source || !ctx) return ''
      copy.width = source.width
      copy.height = source.height
      ctx.fillStyle = vars.value.cardColor
      ctx.fillRect(0, 0, copy.width, copy.height)
      ctx.drawImage(source, 0, 0)
      return copy.toDataURL('image/png')
    },
  }
}
