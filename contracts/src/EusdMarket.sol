// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts stay event data (topics are for filtering); `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IEusdMarket} from "./interfaces/IEusdMarket.sol";

/// @title EusdMarket
/// @author ETERNO
/// @notice The EUSD market (ECONOMY §8): an escrow order book of EUSD priced in USDT.
///         - {list} escrows the seller's EUSD in an order (quantity a multiple of {LOT}, unit price
///           non-zero and at most the max unit price); the order keeps the seller fee rate in force then.
///         - {buy} takes all or part of an order (a multiple of {LOT}) at its unit price, if that is at
///           most the buyer's `maxUnitPrice`: the buyer pays `cost = quantity * unitPrice / 10**decimals`
///           USDT, of which the order's fee stays in the market and the rest goes to the seller; the
///           buyer receives the EUSD plus a discount reward of `rewardBps` of the quantity from the reward
///           reserve, capped by the fill's fee (a wash trade never earns) and by what the reserve holds
///           (a short reserve pays what it has; a fill never fails for it).
///         - {cancel} returns what an order still holds to its seller, at any time, even while paused.
///         - The owner sets the parameters within bounds, pauses new orders and fills, and withdraws only
///           the reward reserve and the accrued fees. NO owner path moves escrowed EUSD.
///         EUSD and USDT must be plain ERC-20s with the same decimals (checked at deployment): no fee on
///         transfer, no rebasing. Tokens sent to the market directly are not credited to anyone.
/// @dev Invariants:
///        - EUSD balance == Σ open orders' remaining + rewardReserve (plus direct donations);
///        - USDT balance == feesAccrued (plus direct donations);
///        - every order's remaining is a multiple of LOT and only decreases (fills, cancel);
///        - every fill: fee + seller proceeds == cost == quantity * unitPrice / 10**decimals exactly;
///        - every fill's reward <= min(quantity * rewardBps / 10,000, fee, reserve before the fill);
///        - the owner can move out at most rewardReserve EUSD and feesAccrued USDT.
contract EusdMarket is IEusdMarket, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The parameters and the order counter, packed in one slot (read by every list and buy).
    /// @param maxUnitPrice The highest unit price a new order may have.
    /// @param sellerFeeBps The seller fee of new orders.
    /// @param rewardBps The buyer's discount reward.
    /// @param nextOrderId The id the next order gets.
    struct Params {
        uint128 maxUnitPrice;
        uint16 sellerFeeBps;
        uint16 rewardBps;
        uint64 nextOrderId;
    }

    /// @notice An order, in two slots.
    /// @param seller The seller (zero for an unused id).
    /// @param feeBps The seller fee rate fixed at listing.
    /// @param unitPrice USDT base units per whole EUSD.
    /// @param remaining The EUSD still escrowed.
    struct Order {
        address seller;
        uint16 feeBps;
        uint128 unitPrice;
        uint128 remaining;
    }

    /// @notice The reward reserve (EUSD) and the accrued fees (USDT), packed in one slot (a fill writes both).
    /// @param rewardReserve EUSD available for rewards.
    /// @param feesAccrued USDT fees not yet withdrawn.
    struct Pool {
        uint128 rewardReserve;
        uint128 feesAccrued;
    }

    /// @notice Basis points in one.
    uint256 public constant BPS = 10_000;
    /// @notice The highest seller fee the owner may set (10 %).
    uint256 public constant MAX_FEE_BPS = 1000;
    /// @notice The highest reward rate the owner may set (10 %).
    uint256 public constant MAX_REWARD_BPS = 1000;
    /// @notice The highest max unit price the owner may set, in whole USDT per EUSD.
    uint256 public constant MAX_UNIT_PRICE_CEILING = 1_000_000;

    /// @notice The token sold (escrowed).
    IERC20 public immutable EUSD;
    /// @notice The token paid.
    IERC20 public immutable USDT;
    /// @notice One whole EUSD in base units (10**decimals).
    uint256 public immutable ONE;
    /// @inheritdoc IEusdMarket
    uint256 public immutable LOT;

    Params private _params;
    Pool private _pool;
    mapping(uint256 orderId => Order order) private _orders;

    /// @notice A quantity is zero or not a multiple of the lot ("Trading multiples of 10").
    /// @param quantity The quantity given.
    /// @param lot The lot.
    error NotMultipleOfLot(uint256 quantity, uint256 lot);
    /// @notice A unit price is zero ("enter the unit price").
    error ZeroPrice();
    /// @notice A new order's unit price is above the max unit price ("Your bid is too high").
    /// @param unitPrice The price given.
    /// @param maxUnitPrice The max unit price.
    error PriceTooHigh(uint256 unitPrice, uint256 maxUnitPrice);
    /// @notice The order's unit price is above what the buyer accepts.
    /// @param unitPrice The order's price.
    /// @param maxUnitPrice The buyer's limit.
    error PriceAboveLimit(uint256 unitPrice, uint256 maxUnitPrice);
    /// @notice The order does not exist, is filled or was cancelled.
    /// @param orderId The order.
    error OrderNotOpen(uint256 orderId);
    /// @notice A fill asks for more than the order holds.
    /// @param quantity The quantity asked.
    /// @param remaining What the order holds.
    error ExceedsRemaining(uint256 quantity, uint256 remaining);
    /// @notice Only the order's seller may cancel it.
    /// @param orderId The order.
    /// @param caller Who tried.
    error NotSeller(uint256 orderId, address caller);
    /// @notice An amount is zero.
    error ZeroAmount();
    /// @notice An address argument is zero.
    error ZeroAddress();
    /// @notice The seller fee is above {MAX_FEE_BPS}.
    /// @param feeBps The fee given.
    error FeeTooHigh(uint256 feeBps);
    /// @notice The reward rate is above {MAX_REWARD_BPS}.
    /// @param rewardBps The rate given.
    error RewardTooHigh(uint256 rewardBps);
    /// @notice The max unit price is zero or above {MAX_UNIT_PRICE_CEILING} whole USDT.
    /// @param maxUnitPrice The price given.
    error InvalidMaxUnitPrice(uint256 maxUnitPrice);
    /// @notice A withdrawal asks for more than the reserve holds.
    /// @param amount The amount asked.
    /// @param reserve The reserve.
    error ExceedsReserve(uint256 amount, uint256 reserve);
    /// @notice A withdrawal asks for more than the accrued fees.
    /// @param amount The amount asked.
    /// @param fees The accrued fees.
    error ExceedsFees(uint256 amount, uint256 fees);
    /// @notice EUSD and USDT have different decimals.
    /// @param eusdDecimals EUSD's decimals.
    /// @param usdtDecimals USDT's decimals.
    error DecimalsMismatch(uint8 eusdDecimals, uint8 usdtDecimals);
    /// @notice The tokens have more than 18 decimals.
    /// @param decimals Their decimals.
    error UnsupportedDecimals(uint8 decimals);

    /// @notice Deploys the market.
    /// @dev Requirements: non-zero owner and tokens with the same decimals (at most 18); parameters within bounds.
    /// @param initialOwner The owner.
    /// @param eusd The token sold.
    /// @param usdt The token paid.
    /// @param maxUnitPrice The highest unit price of a new order (USDT base units per whole EUSD).
    /// @param sellerFeeBps The seller fee (basis points).
    /// @param rewardBps The buyer's discount reward (basis points of the quantity).
    constructor(
        address initialOwner,
        IERC20Metadata eusd,
        IERC20Metadata usdt,
        uint256 maxUnitPrice,
        uint256 sellerFeeBps,
        uint256 rewardBps
    ) Ownable(initialOwner) {
        if (address(eusd) == address(0) || address(usdt) == address(0)) revert ZeroAddress();
        uint8 decimals = eusd.decimals();
        if (decimals != usdt.decimals()) revert DecimalsMismatch(decimals, usdt.decimals());
        if (decimals > 18) revert UnsupportedDecimals(decimals);
        EUSD = eusd;
        USDT = usdt;
        ONE = 10 ** decimals;
        LOT = 10 * 10 ** decimals;
        _params.nextOrderId = 1;
        _setParameters(maxUnitPrice, sellerFeeBps, rewardBps);
    }

    // ---------------------------------------------------------------- user actions

    /// @inheritdoc IEusdMarket
    /// @dev Requirements: not paused; `quantity` a non-zero multiple of {LOT}; `unitPrice` in
    ///      [1, maxUnitPrice]; the caller approved `quantity` EUSD. Emits {Listed}.
    function list(uint256 quantity, uint256 unitPrice) external nonReentrant whenNotPaused returns (uint256 orderId) {
        _checkLot(quantity);
        if (unitPrice == 0) revert ZeroPrice();
        Params memory p = _params;
        if (unitPrice > p.maxUnitPrice) revert PriceTooHigh(unitPrice, p.maxUnitPrice);
        orderId = p.nextOrderId;
        _params.nextOrderId = p.nextOrderId + 1;
        // unitPrice <= maxUnitPrice < 2^128, so the cast is exact.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint128 price = uint128(unitPrice);
        _orders[orderId] = Order({
            seller: msg.sender, feeBps: p.sellerFeeBps, unitPrice: price, remaining: SafeCast.toUint128(quantity)
        });
        EUSD.safeTransferFrom(msg.sender, address(this), quantity);
        emit Listed(orderId, msg.sender, quantity, unitPrice, p.sellerFeeBps);
    }

    /// @inheritdoc IEusdMarket
    /// @dev Requirements: not paused; the order open; `quantity` a non-zero multiple of {LOT} and at most
    ///      its remaining; its unit price <= `maxUnitPrice`; the caller approved the cost in USDT.
    ///      Emits {Filled}.
    function buy(uint256 orderId, uint256 quantity, uint256 maxUnitPrice) external nonReentrant whenNotPaused {
        _checkLot(quantity);
        Order storage o = _orders[orderId];
        uint256 remaining = o.remaining;
        if (remaining == 0) revert OrderNotOpen(orderId);
        if (quantity > remaining) revert ExceedsRemaining(quantity, remaining);
        uint256 unitPrice = o.unitPrice;
        if (unitPrice > maxUnitPrice) revert PriceAboveLimit(unitPrice, maxUnitPrice);
        address seller = o.seller;
        Pool memory pool = _pool;
        (uint256 cost, uint256 fee, uint256 reward) =
            _fill(quantity, unitPrice, o.feeBps, _params.rewardBps, pool.rewardReserve);
        unchecked {
            // quantity <= remaining; reward <= rewardReserve; fee <= cost, and the accrued fees are bounded
            // by the USDT supply (the fees are held here).
            remaining -= quantity;
            // forge-lint: disable-next-line(unsafe-typecast)
            o.remaining = uint128(remaining);
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.rewardReserve -= uint128(reward);
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.feesAccrued += uint128(fee);
            _pool = pool;
        }
        USDT.safeTransferFrom(msg.sender, seller, cost - fee);
        if (fee != 0) USDT.safeTransferFrom(msg.sender, address(this), fee);
        EUSD.safeTransfer(msg.sender, quantity + reward);
        emit Filled(orderId, msg.sender, seller, quantity, cost, fee, reward, remaining);
    }

    /// @inheritdoc IEusdMarket
    /// @dev Requirements: the caller is the seller; the order open. Works while paused. Emits {Cancelled}.
    function cancel(uint256 orderId) external nonReentrant {
        Order storage o = _orders[orderId];
        uint256 remaining = o.remaining;
        if (remaining == 0) revert OrderNotOpen(orderId);
        if (o.seller != msg.sender) revert NotSeller(orderId, msg.sender);
        o.remaining = 0;
        EUSD.safeTransfer(msg.sender, remaining);
        emit Cancelled(orderId, msg.sender, remaining);
    }

    /// @inheritdoc IEusdMarket
    /// @dev Requirements: `amount` > 0; the caller approved it. Emits {ReserveFunded}.
    function fundReserve(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _pool.rewardReserve = SafeCast.toUint128(_pool.rewardReserve + amount);
        EUSD.safeTransferFrom(msg.sender, address(this), amount);
        emit ReserveFunded(msg.sender, amount);
    }

    // ---------------------------------------------------------------- owner

    /// @notice Sets the parameters: the max unit price and the fee apply to orders listed from now on,
    ///         the reward rate to fills from now on.
    /// @dev Requirements: owner; `maxUnitPrice` in [1, MAX_UNIT_PRICE_CEILING whole USDT];
    ///      `sellerFeeBps` <= MAX_FEE_BPS; `rewardBps` <= MAX_REWARD_BPS. Emits {ParametersSet}.
    /// @param maxUnitPrice The highest unit price of a new order.
    /// @param sellerFeeBps The seller fee of new orders.
    /// @param rewardBps The buyer's discount reward.
    function setParameters(uint256 maxUnitPrice, uint256 sellerFeeBps, uint256 rewardBps) external onlyOwner {
        _setParameters(maxUnitPrice, sellerFeeBps, rewardBps);
    }

    /// @notice Takes `amount` EUSD out of the reward reserve (never escrowed EUSD).
    /// @dev Requirements: owner; `to` non-zero; 0 < `amount` <= rewardReserve. Emits {ReserveWithdrawn}.
    /// @param to The receiver.
    /// @param amount The amount.
    function withdrawReserve(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 reserve = _pool.rewardReserve;
        if (amount > reserve) revert ExceedsReserve(amount, reserve);
        // amount <= reserve < 2^128.
        // forge-lint: disable-next-line(unsafe-typecast)
        _pool.rewardReserve = uint128(reserve - amount);
        EUSD.safeTransfer(to, amount);
        emit ReserveWithdrawn(to, amount);
    }

    /// @notice Takes `amount` USDT of the accrued seller fees.
    /// @dev Requirements: owner; `to` non-zero; 0 < `amount` <= feesAccrued. Emits {FeesWithdrawn}.
    /// @param to The receiver.
    /// @param amount The amount.
    function withdrawFees(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 fees = _pool.feesAccrued;
        if (amount > fees) revert ExceedsFees(amount, fees);
        // amount <= fees < 2^128.
        // forge-lint: disable-next-line(unsafe-typecast)
        _pool.feesAccrued = uint128(fees - amount);
        USDT.safeTransfer(to, amount);
        emit FeesWithdrawn(to, amount);
    }

    /// @notice Stops new orders and fills (cancel still works).
    /// @dev Requirements: owner; not paused.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes new orders and fills.
    /// @dev Requirements: owner; paused.
    function unpause() external onlyOwner {
        _unpause();
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IEusdMarket
    function orderOf(uint256 orderId)
        external
        view
        returns (address seller, uint256 unitPrice, uint256 remaining, uint256 feeBps)
    {
        Order memory o = _orders[orderId];
        return (o.seller, o.unitPrice, o.remaining, o.feeBps);
    }

    /// @inheritdoc IEusdMarket
    /// @dev Reverts like {buy} when the order is not open or `quantity` is not a valid fill of it.
    function quote(uint256 orderId, uint256 quantity)
        external
        view
        returns (uint256 cost, uint256 fee, uint256 reward)
    {
        _checkLot(quantity);
        Order memory o = _orders[orderId];
        if (o.remaining == 0) revert OrderNotOpen(orderId);
        if (quantity > o.remaining) revert ExceedsRemaining(quantity, o.remaining);
        return _fill(quantity, o.unitPrice, o.feeBps, _params.rewardBps, _pool.rewardReserve);
    }

    /// @inheritdoc IEusdMarket
    function parameters()
        external
        view
        returns (uint256 maxUnitPrice, uint256 sellerFeeBps, uint256 rewardBps, uint256 nextOrderId)
    {
        Params memory p = _params;
        return (p.maxUnitPrice, p.sellerFeeBps, p.rewardBps, p.nextOrderId);
    }

    /// @inheritdoc IEusdMarket
    function reserves() external view returns (uint256 rewardReserve, uint256 feesAccrued) {
        Pool memory pool = _pool;
        return (pool.rewardReserve, pool.feesAccrued);
    }

    // ---------------------------------------------------------------- internals

    /// @dev What a fill moves: the cost (exact: quantity is a multiple of a whole EUSD), the fee (rounded
    ///      down, so the seller's share is cost - fee), and the reward capped by the fee and the reserve.
    function _fill(uint256 quantity, uint256 unitPrice, uint256 feeBps, uint256 rewardBps, uint256 reserve)
        private
        view
        returns (uint256 cost, uint256 fee, uint256 reward)
    {
        cost = quantity / ONE * unitPrice;
        fee = cost * feeBps / BPS;
        reward = quantity * rewardBps / BPS;
        if (reward > fee) reward = fee;
        if (reward > reserve) reward = reserve;
    }

    /// @dev Reverts unless `quantity` is a non-zero multiple of the lot.
    function _checkLot(uint256 quantity) private view {
        if (quantity == 0 || quantity % LOT != 0) revert NotMultipleOfLot(quantity, LOT);
    }

    /// @dev Checks the bounds, stores the parameters and emits {ParametersSet}.
    function _setParameters(uint256 maxUnitPrice, uint256 sellerFeeBps, uint256 rewardBps) private {
        if (maxUnitPrice == 0 || maxUnitPrice > MAX_UNIT_PRICE_CEILING * ONE) revert InvalidMaxUnitPrice(maxUnitPrice);
        if (sellerFeeBps > MAX_FEE_BPS) revert FeeTooHigh(sellerFeeBps);
        if (rewardBps > MAX_REWARD_BPS) revert RewardTooHigh(rewardBps);
        // Each is bounded above: maxUnitPrice <= 1e6 * 10**decimals < 2^128 for decimals <= 18, the rates <= 1000.
        // forge-lint: disable-next-line(unsafe-typecast)
        _params.maxUnitPrice = uint128(maxUnitPrice);
        // forge-lint: disable-next-line(unsafe-typecast)
        _params.sellerFeeBps = uint16(sellerFeeBps);
        // forge-lint: disable-next-line(unsafe-typecast)
        _params.rewardBps = uint16(rewardBps);
        emit ParametersSet(maxUnitPrice, sellerFeeBps, rewardBps);
    }
}
