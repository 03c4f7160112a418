/** exceljs' streaming workbook writer loaded alone (the package's types cover only its main entry): the same class as ExcelJS.stream.xlsx.WorkbookWriter. */
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs'
  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter
  export default WorkbookWriter
}
