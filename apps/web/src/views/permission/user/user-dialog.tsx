import { patterns, type PickerTreeNode, type UserDetail, type UserForm } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/index.ts';
import { useFieldGrant } from '../../../access/use-has.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { GradeSelect } from '../../../components/grade-select/index.tsx';
import { groupOptions, organizeApi, positionsOf } from '../../../api/organize.ts';
import { DescriptionField, EnabledField, ManagerSelect, SortCodeField } from '../../../components/admin/fields.tsx';
import { roleApi, userApi } from '../../../api/permission.ts';

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}
const toOptions = (nodes: PickerTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));

function OrganizeMultiSelect(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['permission', 'organize', 'selector', '0'],
    queryFn: () => organizeApi.selector('0'),
  });
  const treeData = useMemo(() => toOptions(data ?? []), [data]);
  return (
    <TreeSelect
      {...props}
      treeData={treeData}
      multiple
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('admin.requiredSelect', { field: t('user.organize') })}
      style={{ width: '100%' }}
      data-testid="user-organize"
    />
  );
}

/** Positions of the chosen organisations only (POST /Position/getListByOrgIds). */
function PositionSelect(props: { value?: string[]; onChange?: (v: string[]) => void; organizeIds: string[] }) {
  const { t } = useTranslation();
  const { organizeIds, ...rest } = props;
  const { data, isFetching } = useQuery({
    queryKey: ['permission', 'position', 'by-orgs', organizeIds],
    queryFn: () => positionsOf(organizeIds),
  });
  const options = (data ?? [])
    .filter((g) => g.children.length)
    .map((g) => ({ label: g.fullName, options: g.children.map((p) => ({ value: p.id, label: p.fullName })) }));
  const { value, onChange } = rest;
  useEffect(() => {
    // A position of an organisation that was just removed from the user goes with it.
    if (!data || isFetching || !value?.length) return;
    const allowed = new Set(data.flatMap((g) => g.children.map((p) => p.id)));
    const kept = value.filter((id) => allowed.has(id));
    if (kept.length !== value.length) onChange?.(kept);
  }, [data, isFetching, value, onChange]);
  return (
    <Select
      {...rest}
      mode="multiple"
      options={options}
      loading={isFetching}
      optionFilterProp="label"
      placeholder={t('admin.requiredSelect', { field: t('user.position') })}
      notFoundContent={t('admin.empty')}
      style={{ width: '100%' }}
      data-testid="user-position"
    />
  );
}

function RoleSelect(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['permission', 'role', 'selector'], queryFn: roleApi.selector });
  const options = (data ?? [])
    .filter((g) => g.children?.length)
    .map((g) => ({ label: g.fullName, options: (g.children ?? []).map((r) => ({ value: r.id, label: r.fullName })) }));
  return (
    <Select
      {...props}
      mode="multiple"
      options={options}
      optionFilterProp="label"
      placeholder={t('admin.requiredSelect', { field: t('user.role') })}
      style={{ width: '100%' }}
      data-testid="user-role"
    />
  );
}

function GroupSelect(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['permission', 'group', 'selector'], queryFn: groupOptions });
  return (
    <Select
      {...props}
      mode="multiple"
      options={(data ?? []).map((g) => ({ value: g.id, label: g.fullName }))}
      optionFilterProp="label"
      placeholder={t('admin.requiredSelect', { field: t('user.group') })}
      style={{ width: '100%' }}
    />
  );
}

interface Props {
  /** The user being edited; undefined when creating. */
  id?: string;
  open: boolean;
  /** Organisation preselected for a new user (the one chosen in the tree). */
  organizeId?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = UserForm & { managerName?: string };

/** Create/edit dialog of a user with organisations, positions, roles, groups and manager. */
export function UserDialog({ id, open, organizeId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const granted = useFieldGrant();
  return (
    <FormDialog<Values>
      open={open}
      width={760}
      title={t(id ? 'user.editUser' : 'user.addUser')}
      load={id ? () => userApi.info(id) as Promise<UserDetail & Values> : undefined}
      initialValues={
        id ? undefined : { organizeIdList: organizeId ? [organizeId] : [], enabledMark: 1, sortCode: 0, gender: 1 }
      }
      submit={(values, version) => {
        const { managerName: _ignored, ...body } = values;
        void _ignored;
        const form: UserForm = { ...body, managerId: body.managerId ?? null };
        return id ? userApi.update(id, { ...form, version }) : userApi.create(form);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <Row gutter={16}>
          {!id && (
            <Col span={24}>
              <Alert type="info" showIcon title={t('user.defaultPasswordHint')} style={{ marginBottom: 16 }} />
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item
              name="account"
              label={t('user.account')}
              rules={[
                { required: true, whitespace: true, message: t('admin.required', { field: t('user.account') }) },
                {
                  validator: async (_, v?: string) => {
                    if (v && !patterns.account.test(v)) throw new Error(t('user.accountRule'));
                  },
                },
              ]}
            >
              <Input maxLength={50} autoComplete="off" data-testid="user-account" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="realName"
              label={t('user.realName')}
              rules={[
                { required: true, whitespace: true, message: t('admin.required', { field: t('user.realName') }) },
              ]}
            >
              <Input maxLength={50} data-testid="user-realname" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('user.gender')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('user.male') },
                  { value: 2, label: t('user.female') },
                ]}
              />
            </Form.Item>
          </Col>
          {granted('mobilePhone', 'form') && (
            <Col xs={24} md={12}>
              <Form.Item
                name="mobilePhone"
                label={t('user.mobilePhone')}
                rules={[
                  {
                    validator: async (_, v?: string) => {
                      if (v && !patterns.mobile.test(v)) throw new Error(t('user.mobileRule'));
                    },
                  },
                ]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          )}
          {granted('email', 'form') && (
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('user.email')}
                rules={[
                  {
                    validator: async (_, v?: string) => {
                      if (v && !patterns.email.test(v)) throw new Error(t('user.emailRule'));
                    },
                  },
                ]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="managerId" label={t('user.manager')}>
              <ManagerSelect currentLabel={form.getFieldValue('managerName') as string | undefined} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="education" label={t('dictionary.education')}>
              <DictionarySelect typeCode="education" data-testid="user-education" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nation" label={t('dictionary.nation')}>
              <DictionarySelect typeCode="nation" data-testid="user-nation" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gradeId" label={t('grade.grade')}>
              <GradeSelect data-testid="user-grade" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="organizeIdList"
              label={t('user.organize')}
              extra={t('user.organizeHint')}
              rules={[
                {
                  required: true,
                  type: 'array',
                  min: 1,
                  message: t('admin.requiredSelect', { field: t('user.organize') }),
                },
              ]}
            >
              <OrganizeMultiSelect />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item noStyle dependencies={['organizeIdList']}>
              {() => (
                <Form.Item name="positionIdList" label={t('user.position')}>
                  <PositionSelect organizeIds={(form.getFieldValue('organizeIdList') as string[] | undefined) ?? []} />
                </Form.Item>
              )}
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="roleIdList" label={t('user.role')}>
              <RoleSelect />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="groupIdList" label={t('user.group')}>
              <GroupSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <SortCodeField />
          </Col>
          <Col xs={24} md={12}>
            <EnabledField />
          </Col>
          <Col span={24}>
            <DescriptionField />
          </Col>
          <Form.Item name="managerName" hidden>
            <Input />
          </Form.Item>
        </Row>
      )}
    </FormDialog>
  );
}
