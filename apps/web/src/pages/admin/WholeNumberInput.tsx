import { NumberInput, type NumberInputProps } from '@mantine/core'

/**
 * A field for a count (credits, days): digits only, with thousands separators. Out-of-range values
 * stay as typed (no clamping on blur), so the form's rules can say what is wrong next to the field.
 */
export function WholeNumberInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      thousandSeparator=","
      {...props}
    />
  )
}
