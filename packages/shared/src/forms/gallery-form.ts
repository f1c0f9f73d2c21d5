/**
 * The widget-gallery form: one field of every kind, a sub-table with a calculated amount column
 * and a summary row, and a calculated total over it. The gallery page renders it and the server's
 * gallery validator checks submissions against it, so both sides hold the very same form.
 * Labels come in the caller's language; the structure and model names never change with it.
 */
import type { FieldConfig, FieldOption, FormField, FormJson, FormLang, JnpfKey } from './types.ts';

type Texts = readonly [zhCN: string, zhTW: string, enUS: string];

const LANG_INDEX: Record<FormLang, 0 | 1 | 2> = { 'zh-CN': 0, 'zh-TW': 1, 'en-US': 2 };

/** Model names of the gallery fields the tests and the page refer to. */
export const GALLERY = {
  input: 'comInputField101',
  mobile: 'comInputField102',
  email: 'comInputField103',
  textarea: 'textareaField104',
  number: 'numInputField105',
  password: 'PsdInputField106',
  switch: 'switchField107',
  radio: 'radioField108',
  checkbox: 'checkboxField109',
  select: 'selectField110',
  cascader: 'cascaderField111',
  treeSelect: 'treeSelectField112',
  date: 'dateField113',
  time: 'timeField114',
  dateRange: 'dateRangeField115',
  timeRange: 'timeRangeField116',
  color: 'colorPickerField117',
  rate: 'rateField118',
  slider: 'sliderField119',
  editor: 'editorField120',
  files: 'uploadFzField121',
  images: 'uploadImgField122',
  numRange: 'numRangeField123',
  organize: 'comSelectField124',
  department: 'depSelectField125',
  position: 'posSelectField126',
  user: 'userSelectField127',
  users: 'usersSelectField128',
  role: 'roleSelectField129',
  group: 'groupSelectField130',
  address: 'addressField131',
  billRule: 'billRuleField132',
  relationForm: 'relationFormField133',
  relationAttr: 'relationFormAttrField134',
  popupSelect: 'popupSelectField135',
  popupTable: 'popupTableSelectField136',
  autoComplete: 'autoCompleteField137',
  popupAttr: 'popupAttrField138',
  table: 'tableField140',
  itemName: 'comInputField141',
  price: 'numInputField142',
  quantity: 'numInputField143',
  amount: 'calculateField144',
  unit: 'selectField145',
  total: 'calculateField146',
  createUser: 'createUserField150',
  createTime: 'createTimeField151',
  modifyUser: 'modifyUserField152',
  modifyTime: 'modifyTimeField153',
  currOrganize: 'currOrganizeField154',
  currDept: 'currDeptField155',
  currPosition: 'currPositionField156',
} as const;

const L = {
  basic: ['基础控件', '基礎控制項', 'Basic fields'],
  advanced: ['高级控件', '高級控制項', 'Advanced fields'],
  system: ['系统控件', '系統控制項', 'System fields'],
  layout: ['布局与静态元素', '佈局與靜態元素', 'Layout and static elements'],
  input: ['单行输入', '單行輸入', 'Single line'],
  mobile: ['手机号码', '手機號碼', 'Mobile number'],
  email: ['邮箱', '電子郵件', 'Email'],
  emailMessage: ['请输入正确的邮箱', '請輸入正確的電子郵件', 'Please enter a correct email address'],
  textarea: ['多行输入', '多行輸入', 'Multi-line text'],
  number: ['数字输入', '數字輸入', 'Number'],
  password: ['密码', '密碼', 'Password'],
  switch: ['开关', '開關', 'Switch'],
  on: ['开', '開', 'On'],
  off: ['关', '關', 'Off'],
  radio: ['单选框组', '單選框組', 'Radio group'],
  checkbox: ['多选框组', '多選框組', 'Checkbox group'],
  select: ['下拉选择', '下拉選擇', 'Select'],
  cascader: ['级联选择', '級聯選擇', 'Cascader'],
  treeSelect: ['树形选择', '樹形選擇', 'Tree select'],
  date: ['日期选择', '日期選擇', 'Date'],
  time: ['时间选择', '時間選擇', 'Time'],
  dateRange: ['日期范围', '日期範圍', 'Date range'],
  timeRange: ['时间范围', '時間範圍', 'Time range'],
  color: ['颜色选择', '顏色選擇', 'Colour'],
  rate: ['评分', '評分', 'Rating'],
  slider: ['滑块', '滑塊', 'Slider'],
  editor: ['富文本', '富文字', 'Rich text'],
  files: ['文件上传', '檔案上傳', 'Attachments'],
  images: ['图片上传', '圖片上傳', 'Images'],
  numRange: ['数字范围', '數字範圍', 'Number range'],
  calculate: ['计算公式', '計算公式', 'Calculation'],
  organize: ['组织选择', '組織選擇', 'Organisation'],
  department: ['部门选择', '部門選擇', 'Department'],
  position: ['岗位选择', '崗位選擇', 'Position'],
  user: ['用户选择', '使用者選擇', 'User'],
  users: ['用户组件', '使用者元件', 'Users'],
  role: ['角色选择', '角色選擇', 'Role'],
  group: ['分组选择', '分組選擇', 'Group'],
  address: ['省市区', '省市區', 'Address'],
  billRule: ['单据编号', '單據編號', 'Document number'],
  relationForm: ['关联表单', '關聯表單', 'Related form'],
  relationAttr: ['关联表单属性', '關聯表單屬性', 'Related form attribute'],
  popupSelect: ['弹窗选择', '彈窗選擇', 'Popup select'],
  popupTable: ['下拉表格', '下拉表格', 'Popover table'],
  autoComplete: ['下拉补全', '下拉補全', 'Autocomplete'],
  popupAttr: ['弹窗选择属性', '彈窗選擇屬性', 'Popup attribute'],
  table: ['采购明细', '採購明細', 'Purchase lines'],
  addRow: ['添加', '新增', 'Add'],
  itemName: ['品名', '品名', 'Item'],
  price: ['单价', '單價', 'Unit price'],
  quantity: ['数量', '數量', 'Quantity'],
  amount: ['金额', '金額', 'Amount'],
  unit: ['单位', '單位', 'Unit'],
  total: ['合计金额', '合計金額', 'Total amount'],
  createUser: ['创建人', '建立人', 'Created by'],
  createTime: ['创建时间', '建立時間', 'Created at'],
  modifyUser: ['修改人', '修改人', 'Modified by'],
  modifyTime: ['修改时间', '修改時間', 'Modified at'],
  currOrganize: ['所属组织', '所屬組織', 'Organisation'],
  currDept: ['所属部门', '所屬部門', 'Department'],
  currPosition: ['所属岗位', '所屬崗位', 'Position'],
  text: ['这是一段说明文字。', '這是一段說明文字。', 'This is a piece of explanatory text.'],
  link: ['打开帮助', '開啟說明', 'Open help'],
  button: ['按钮', '按鈕', 'Button'],
  alert: ['提交前请核对明细。', '提交前請核對明細。', 'Please check the lines before submitting.'],
  barcode: ['条形码', '條碼', 'Barcode'],
  qrcode: ['二维码', 'QR 碼', 'QR code'],
  divider: ['分割线', '分隔線', 'Divider'],
  card: ['卡片', '卡片', 'Card'],
  tab1: ['标签一', '標籤一', 'First tab'],
  tab2: ['标签二', '標籤二', 'Second tab'],
  collapse1: ['折叠面板', '摺疊面板', 'Collapsible panel'],
  grid: ['表格布局', '表格佈局', 'Table layout'],
  high: ['高', '高', 'High'],
  medium: ['中', '中', 'Medium'],
  low: ['低', '低', 'Low'],
  red: ['红色', '紅色', 'Red'],
  green: ['绿色', '綠色', 'Green'],
  blue: ['蓝色', '藍色', 'Blue'],
  piece: ['件', '件', 'piece'],
  box: ['箱', '箱', 'box'],
  kg: ['千克', '公斤', 'kg'],
  east: ['华东', '華東', 'East'],
  shanghai: ['上海', '上海', 'Shanghai'],
  hangzhou: ['杭州', '杭州', 'Hangzhou'],
  north: ['华北', '華北', 'North'],
  beijing: ['北京', '北京', 'Beijing'],
  head: ['总部', '總部', 'Head office'],
  sales: ['销售部', '銷售部', 'Sales'],
  rnd: ['研发部', '研發部', 'R&D'],
  popupTitle: ['选择数据', '選擇資料', 'Select data'],
} satisfies Record<string, Texts>;

type TextKey = keyof typeof L;

function build(lang: FormLang): FormJson {
  const i = LANG_INDEX[lang];
  const tx = (key: TextKey) => L[key][i];
  const opt = (id: string, key: TextKey, children?: FieldOption[]): FieldOption => ({
    id,
    fullName: tx(key),
    ...(children ? { children } : {}),
  });

  /** A field with the conventional model name `<jnpfKey>Field<formId>`. */
  const field = (
    jnpfKey: JnpfKey,
    formId: number,
    label: TextKey | '',
    config: Partial<FieldConfig> = {},
    props: Record<string, unknown> = {},
  ): FormField => ({
    __config__: {
      jnpfKey,
      label: label ? tx(label) : '',
      formId,
      renderKey: formId,
      layout: 'colFormItem',
      span: 12,
      showLabel: true,
      required: false,
      regList: [],
      trigger: 'blur',
      visibility: ['pc', 'app'],
      ...config,
    },
    __vModel__: `${jnpfKey}Field${formId}`,
    placeholder: '',
    clearable: true,
    disabled: false,
    ...props,
  });
  /** A static or layout element: no model name. */
  const element = (
    jnpfKey: JnpfKey,
    formId: number,
    config: Partial<FieldConfig>,
    props: Record<string, unknown> = {},
  ) => {
    const f = field(jnpfKey, formId, '', { span: 24, ...config }, props);
    delete f.__vModel__;
    return f;
  };
  const container = (
    jnpfKey: JnpfKey,
    formId: number,
    children: FormField[],
    config: Partial<FieldConfig> = {},
    props: Record<string, unknown> = {},
  ) => element(jnpfKey, formId, { layout: 'rowFormItem', children, ...config }, props);

  const sub = (f: FormField): FormField => {
    f.__config__.isSubTable = true;
    f.__config__.parentVModel = GALLERY.table;
    f.__config__.span = 24;
    return f;
  };
  const change = { trigger: 'change' as const };

  const basic: FormField[] = [
    element('groupTitle', 160, {}, { content: tx('basic'), contentPosition: 'left' }),
    field('comInput', 101, 'input', { required: true }, { maxlength: 50, showWordLimit: true }),
    field('comInput', 102, 'mobile', { regList: [{ pattern: '@mobile', message: '' }] }),
    field('comInput', 103, 'email', {
      regList: [
        {
          pattern: '/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$/',
          message: tx('emailMessage'),
        },
      ],
    }),
    field('textarea', 104, 'textarea', { span: 24 }, { maxlength: 500 }),
    field(
      'numInput',
      105,
      'number',
      { required: true },
      { min: 0, max: 10000, precision: 2, thousands: true, isAmountChinese: true },
    ),
    field('PsdInput', 106, 'password', { regList: [{ pattern: '@password', message: '' }] }, { showPassword: true }),
    field(
      'switch',
      107,
      'switch',
      { ...change, defaultValue: 0 },
      { activeTxt: tx('on'), inactiveTxt: tx('off'), activeValue: 1, inactiveValue: 0 },
    ),
    field(
      'radio',
      108,
      'radio',
      { ...change, required: true, dataType: 'static' },
      {
        __slot__: { options: [opt('1', 'high'), opt('2', 'medium'), opt('3', 'low')] },
      },
    ),
    field(
      'checkbox',
      109,
      'checkbox',
      { ...change, dataType: 'static' },
      {
        __slot__: { options: [opt('red', 'red'), opt('green', 'green'), opt('blue', 'blue')] },
        max: 2,
      },
    ),
    field(
      'select',
      110,
      'select',
      { ...change, required: true, dataType: 'static' },
      {
        __slot__: { options: [opt('1', 'high'), opt('2', 'medium'), opt('3', 'low')] },
        multiple: false,
      },
    ),
    field(
      'cascader',
      111,
      'cascader',
      { ...change, dataType: 'static' },
      {
        options: [
          opt('east', 'east', [opt('sh', 'shanghai'), opt('hz', 'hangzhou')]),
          opt('north', 'north', [opt('bj', 'beijing')]),
        ],
        multiple: false,
      },
    ),
    field(
      'treeSelect',
      112,
      'treeSelect',
      { ...change, dataType: 'static' },
      {
        options: [opt('head', 'head', [opt('sales', 'sales'), opt('rnd', 'rnd')])],
        multiple: false,
        leafOnly: true,
      },
    ),
    field('date', 113, 'date', { ...change, required: true, defaultCurrent: true }, { format: 'yyyy-MM-dd' }),
    field('time', 114, 'time', change, { format: 'HH:mm:ss' }),
    field('dateRange', 115, 'dateRange', change, { format: 'yyyy-MM-dd' }),
    field('timeRange', 116, 'timeRange', change, { format: 'HH:mm:ss' }),
    field('colorPicker', 117, 'color', change),
    field('rate', 118, 'rate', change, { count: 5, allowHalf: true }),
    field('slider', 119, 'slider', change, { min: 0, max: 100, step: 1 }),
    field('editor', 120, 'editor', { span: 24 }),
    field('uploadFz', 121, 'files', { ...change, span: 24 }, { limit: 3, fileSize: 10, sizeUnit: 'MB', accept: '' }),
    field('uploadImg', 122, 'images', { ...change, span: 24 }, { limit: 3, fileSize: 10, sizeUnit: 'MB' }),
    field('numRange', 123, 'numRange', {}, { precision: 0 }),
  ];

  const advanced: FormField[] = [
    element('groupTitle', 161, {}, { content: tx('advanced'), contentPosition: 'left' }),
    field('comSelect', 124, 'organize', change, { multiple: false }),
    field('depSelect', 125, 'department', change, { multiple: false, selectType: 'all' }),
    field('posSelect', 126, 'position', change, { multiple: false, selectType: 'all' }),
    field(
      'userSelect',
      127,
      'user',
      { ...change, required: true, defaultCurrent: true },
      { multiple: false, selectType: 'all' },
    ),
    field('usersSelect', 128, 'users', change, { multiple: true, selectType: 'all' }),
    field('roleSelect', 129, 'role', change, { multiple: false }),
    field('groupSelect', 130, 'group', change, { multiple: false }),
    field('address', 131, 'address', change, { level: 2, multiple: false }),
    field('billRule', 132, 'billRule', { rule: 'gallery' }, { readonly: true }),
    field('relationForm', 133, 'relationForm', change, {
      modelId: 'gallery-related',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: 'fullName' }],
      hasPage: true,
      pageSize: 20,
      popupType: 'dialog',
      popupTitle: tx('popupTitle'),
      popupWidth: '1000px',
    }),
    field(
      'relationFormAttr',
      134,
      'relationAttr',
      { isStorage: 1 },
      { showField: 'enCode', relationField: GALLERY.relationForm },
    ),
    field('popupSelect', 135, 'popupSelect', change, {
      interfaceId: 'gallery-interface',
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: 'fullName' }],
      hasPage: true,
      pageSize: 20,
      popupType: 'dialog',
      popupTitle: tx('popupTitle'),
      popupWidth: '800px',
      templateJson: [],
    }),
    field('popupTableSelect', 136, 'popupTable', change, {
      interfaceId: 'gallery-interface',
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: 'fullName' }],
      hasPage: true,
      pageSize: 20,
      templateJson: [],
    }),
    field(
      'autoComplete',
      137,
      'autoComplete',
      {},
      {
        interfaceId: 'gallery-interface',
        propsValue: 'id',
        relationField: 'fullName',
        templateJson: [],
        total: 50,
      },
    ),
    field('popupAttr', 138, 'popupAttr', { isStorage: 2 }, { showField: 'enCode', relationField: GALLERY.popupSelect }),
  ];

  const table: FormField = {
    ...field('table', 140, 'table', {
      layout: 'rowFormItem',
      span: 24,
      showTitle: true,
      children: [
        sub(field('comInput', 141, 'itemName', { required: true }, { maxlength: 50 })),
        sub(field('numInput', 142, 'price', { required: true }, { min: 0, precision: 2 })),
        sub(field('numInput', 143, 'quantity', { required: true }, { min: 1, max: 9999, precision: 0 })),
        sub(
          field(
            'calculate',
            144,
            'amount',
            {},
            {
              expression: [`${GALLERY.table}.${GALLERY.price}`, '×', `${GALLERY.table}.${GALLERY.quantity}`],
              precision: 2,
              thousands: true,
            },
          ),
        ),
        sub(
          field(
            'select',
            145,
            'unit',
            { ...change, dataType: 'static' },
            {
              __slot__: { options: [opt('piece', 'piece'), opt('box', 'box'), opt('kg', 'kg')] },
            },
          ),
        ),
      ],
    }),
    actionText: tx('addRow'),
    'show-summary': true,
    summaryField: [GALLERY.quantity, GALLERY.amount],
  };

  const total = field(
    'calculate',
    146,
    'total',
    { span: 24 },
    {
      expression: `${GALLERY.table}.${GALLERY.amount}`,
      precision: 2,
      thousands: true,
      isAmountChinese: true,
    },
  );

  const system: FormField[] = [
    element('groupTitle', 162, {}, { content: tx('system'), contentPosition: 'left' }),
    field('createUser', 150, 'createUser', {}, { readonly: true }),
    field('createTime', 151, 'createTime', {}, { readonly: true }),
    field('modifyUser', 152, 'modifyUser', {}, { readonly: true }),
    field('modifyTime', 153, 'modifyTime', {}, { readonly: true }),
    field('currOrganize', 154, 'currOrganize', {}, { readonly: true, showLevel: 'last' }),
    field('currDept', 155, 'currDept', {}, { readonly: true }),
    field('currPosition', 156, 'currPosition', {}, { readonly: true }),
  ];

  const layout: FormField[] = [
    element('groupTitle', 163, {}, { content: tx('layout'), contentPosition: 'left' }),
    element('JNPFText', 164, {}, { content: tx('text'), textStyle: { color: '#606266', 'font-size': '14px' } }),
    element('link', 165, { span: 12 }, { content: tx('link'), href: 'https://example.com/help', target: '_blank' }),
    element('button', 166, { span: 12 }, { buttonText: tx('button'), align: 'left', type: 'primary' }),
    element('alert', 167, {}, { title: tx('alert'), type: 'info', showIcon: true, closable: false }),
    element('divider', 168, {}, { content: tx('divider'), contentPosition: 'center' }),
    element(
      'barcode',
      169,
      { span: 12, label: tx('barcode') },
      {
        format: 'CODE128',
        lineColor: '#000000',
        background: '#ffffff',
        width: 4,
        height: 40,
        margin: 5,
        dataType: 'relation',
        relationField: GALLERY.input,
        staticText: 'ATRIUM2026',
      },
    ),
    element(
      'qrcode',
      170,
      { span: 12, label: tx('qrcode') },
      {
        colorDark: '#000000',
        colorLight: '#ffffff',
        width: 100,
        correctLevel: 'L',
        dataType: 'static',
        staticText: 'https://example.com/atrium',
      },
    ),
    container('row', 171, [field('comInput', 172, 'input', {}, { placeholder: '' })], {}, { gutter: 15 }),
    container(
      'card',
      173,
      [field('textarea', 174, 'textarea', { span: 24 })],
      {},
      { header: tx('card'), shadow: 'never' },
    ),
    container(
      'tab',
      175,
      [
        container('tabItem', 176, [field('comInput', 177, 'input')], {}, { title: tx('tab1'), name: '1' }),
        container(
          'tabItem',
          178,
          [field('numInput', 179, 'number', {}, { min: 0 })],
          {},
          { title: tx('tab2'), name: '2' },
        ),
      ],
      {},
      { type: '', tabPosition: 'top' },
    ),
    container(
      'collapse',
      180,
      [container('collapseItem', 181, [field('comInput', 182, 'input')], {}, { title: tx('collapse1'), name: '1' })],
      {},
      { accordion: false },
    ),
    container(
      'tableGrid',
      183,
      [field('comInput', 184, 'input'), field('comInput', 185, 'email')],
      { label: tx('grid') },
      {
        borderColor: '#E2E0E0',
        borderWidth: 1,
      },
    ),
  ];

  return {
    size: 'middle',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    disabled: false,
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    drawerWidth: '600px',
    hasCancelBtn: true,
    hasConfirmBtn: true,
    hasPrintBtn: false,
    printButtonText: '打 印',
    idGlobal: 186,
    fields: [...basic, ...advanced, table, total, ...system, ...layout],
  };
}

const cache = new Map<FormLang, FormJson>();

/** The gallery form with its labels in a language. Treat it as read-only: it is shared. */
export function galleryForm(lang: FormLang = 'zh-CN'): FormJson {
  let form = cache.get(lang);
  if (!form) {
    form = build(lang);
    cache.set(lang, form);
  }
  return form;
}
