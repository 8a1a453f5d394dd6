import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { AddButton } from './AddButton.tsx'
import { fieldDomId } from './field-ids.ts'
import { GroupEditor } from './GroupEditor.tsx'
import { ReorderableList } from './ReorderableList.tsx'
import { emptyGroup } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

/** The tool's form: groups of input elements (spec: nested groups; add, remove and reorder). */
export function GroupsEditor({ form }: { form: ToolForm }) {
  const { groups } = form.getValues()
  const focus = useFocusAfterRender()
  const { t } = useTranslation('admin')

  return (
    <Stack gap="md">
      <ReorderableList
        form={form}
        path="groups"
        items={groups}
        nameAt={(place) => t('builder.groups.itemName', { place })}
        gap="lg"
      >
        {(group, index, controls) => <GroupEditor form={form} group={group} index={index} {...controls} />}
      </ReorderableList>
      <AddButton
        onClick={() => {
          form.insertListItem('groups', emptyGroup())
          focus(fieldDomId(`groups.${groups.length}.elements.0.text`))
        }}
      >
        {t('builder.groups.add')}
      </AddButton>
    </Stack>
  )
}
